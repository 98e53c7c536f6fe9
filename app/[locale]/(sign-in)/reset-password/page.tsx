import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { verifyResetToken } from '@/lib/domain/auth';
import { Link } from '@/components/ui/link';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { Button } from '@/components/ui/button';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Auth.meta' });
  // The token is in the URL: never send it on as a referrer, never index the page.
  return { title: t('reset'), robots: { index: false }, referrer: 'no-referrer' };
}

/**
 * /reset-password?token=… (§2, §4): the token is checked first (loading.tsx shows the validating
 * state meanwhile), then the new-password form or the invalid-token page with a way to ask again.
 */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  const t = await getTranslations('Auth');
  const valid = token ? await verifyResetToken(await getDb(), token).catch(() => null) : null;

  if (!valid) {
    return (
      <AuthCard title={t('reset.invalidTitle')}>
        <p className="mb-4 text-muted">{t('reset.invalidText')}</p>
        <Button asChild className="w-full">
          <Link href="/forgot-password">{t('reset.requestNew')}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')}>
      <p className="mb-4 text-sm text-muted">{t('reset.forAccount', { email: valid.email })}</p>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
