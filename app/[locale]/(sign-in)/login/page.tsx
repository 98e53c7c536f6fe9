import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { redirectLoggedInToPanel } from '@/app/_lib/page-guards';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthTabs } from '@/components/auth/auth-tabs';
import { pageMetadata } from '@/lib/domain/seo';
import { requestSiteName } from '@/app/_lib/request-data';
import type { Locale } from '@/lib/infra/i18n/routing';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ tab?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { tab } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'Auth.meta' });
  const meta = await getTranslations({ locale, namespace: 'Meta' });
  const site = await requestSiteName(locale);
  const page = tab === 'register' ? t('register') : t('login');
  // Public and indexable (people search for "<site> giriş"): canonical and hreflang like every public page.
  return pageMetadata({ locale: locale as Locale, path: '/login', title: meta('titleTemplate', { page, site }), description: t('loginDescription'), siteName: site });
}

/** /login (§2): a logged-in user goes to /panel on the server; `?tab=register` opens registration. */
export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await redirectLoggedInToPanel(locale);
  const { tab } = await searchParams;
  return (
    <AuthCard>
      <AuthTabs initialTab={tab === 'register' ? 'register' : 'login'} />
    </AuthCard>
  );
}
