import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';

/** The validating state of §2 while the reset token is checked. */
export default async function Loading() {
  const t = await getTranslations('Auth.reset');
  return (
    <AuthCard title={t('title')}>
      <p role="status" className="flex items-center gap-3 text-muted">
        <span aria-hidden="true" className="inline-block size-5 animate-spin rounded-full border-2 border-brand border-t-transparent" />
        {t('validating')}
      </p>
    </AuthCard>
  );
}
