import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { UnlockSignIn } from '@/components/auth/unlock-sign-in';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Auth.meta' });
  // The token is in the URL: never send it on as a referrer, never index the page.
  return { title: t('unlock'), robots: { index: false }, referrer: 'no-referrer' };
}

/**
 * /login/unlock?token=… (issue #33 item 9): the one-time sign-in link mailed to the owner of a
 * locked account. Opening the page uses nothing up: the link is spent by the button (a POST), so a
 * mail scanner that fetches links does not burn it before the owner clicks.
 */
export default async function UnlockPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token: raw } = await searchParams;
  const t = await getTranslations('Auth.unlock');
  return (
    <AuthCard title={t('title')}>
      <UnlockSignIn token={typeof raw === 'string' ? raw : ''} />
    </AuthCard>
  );
}
