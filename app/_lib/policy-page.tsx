import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/lib/domain/seo';
import type { Locale } from '@/lib/infra/i18n/routing';
import { PolicyArticle, type PolicyKey } from '@/components/layout/policy-article';
import { requestSiteName, requestSiteSettings } from './request-data';

type Params = { params: Promise<{ locale: string }> };

/** The page and metadata functions of one policy page (each app/[locale]/(policies)/… page re-exports them). */
export function policyPage(policy: PolicyKey, path: string) {
  async function generateMetadata({ params }: Params): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'Policies' });
    const site = await requestSiteName(locale);
    return pageMetadata({
      locale: locale as Locale,
      path,
      title: `${t(`${policy}.title`)} – ${site}`,
      description: t(`${policy}.description`, { site }),
      siteName: site,
    });
  }
  async function Page({ params }: Params) {
    const { locale } = await params;
    setRequestLocale(locale);
    const [siteName, settings] = await Promise.all([requestSiteName(locale), requestSiteSettings()]);
    return <PolicyArticle policy={policy} siteName={siteName} supportEmail={settings.destek_eposta} />;
  }
  return { generateMetadata, Page };
}
