import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getSessionUser } from '@/auth';
import { redirect } from '@/lib/infra/i18n/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { AdminLoginForm } from '@/components/auth/admin-login-form';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Auth.meta' });
  return { title: t('admin'), robots: { index: false } };
}

/** /admin-login (§2): 'Admin Girişi'; an admin already signed in here goes on to /rooting. */
export default async function AdminLoginPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (user?.kind === 'admin' && user.rol === 'admin') redirect({ href: '/rooting', locale });
  const t = await getTranslations('Auth.admin');
  return (
    <div className="py-8">
      <AuthCard title={t('title')}>
        <AdminLoginForm />
      </AuthCard>
    </div>
  );
}
