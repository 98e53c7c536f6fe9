'use client';

import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { clearStoredSession, sendJson } from './api';
import { PasswordField } from './fields';
import { ErrorMessage, SubmitButton } from './form-field';
import { useAuthForm } from './use-auth-form';

/** The new-password form of /reset-password; after the reset, /login (§4). */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Auth');
  const { form, locale, router, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/auth/schemas').then((m) => m.resetPasswordFormSchema), { token, newPassword: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    const res = await sendJson('/api/auth/reset-password', { token, newPassword }, locale);
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('reset.password_reset_error'));
      if (res.body.code === 'INVALID_RESET_TOKEN') router.refresh();
      return;
    }
    // Every session of the account has ended; drop what this browser still holds.
    clearStoredSession();
    toast.success(res.body.mesaj ?? t('reset.success'));
    router.replace('/login');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ErrorMessage>{error('token')}</ErrorMessage>
      <PasswordField id="reset-password" label={t('reset.newPassword')} error={error('newPassword')} {...form.register('newPassword')} autoComplete="new-password" />
      <PasswordField id="reset-password2" label={t('reset.confirmPassword')} error={error('confirmPassword')} {...form.register('confirmPassword')} autoComplete="new-password" />
      <p className="text-sm text-muted">{t('reset.keysEnd')}</p>
      <SubmitButton busy={isSubmitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
    </form>
  );
}
