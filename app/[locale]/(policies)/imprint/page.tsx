import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ImprintArticle } from '@/components/layout/imprint-article';
import { requestSiteName, requestSiteSettings } from '@/app/_lib/request-data';
import type { Locale } from '@/lib/infra/i18n/routing';
import { pageMetadata } from '@/lib/domain/seo';

type Params = { params: Promise<{ locale: string }> };

// The routing has no localized pathnames (lib/infra/i18n/routing.ts), so the imprint is /imprint in every language.
const PATH = '/imprint';

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Policies.imprint' });
  const site = await requestSiteName(locale);
  return pageMetadata({ locale: locale as Locale, path: PATH, title: `${t('title')} – ${site}`, description: t('description', { site }), siteName: site });
}

/** /imprint (issue #32 "Who we are"): who runs the site, from the admin's site settings. */
export default async function ImprintPage({ params }: Params) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [siteName, settings] = await Promise.all([requestSiteName(locale), requestSiteSettings()]);
  return <ImprintArticle siteName={siteName} company={settings} />;
}
