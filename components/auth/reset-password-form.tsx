'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
import { resetPasswordFormSchema } from '@/lib/auth/schemas';
import { clearStoredSession, sendJson } from './api';
import { buttonClass, fieldAria, FormField, Spinner } from './form-field';
import { PasswordInput } from './password-input';
import { useErrorText } from './use-error-text';

/** The new-password form of /reset-password; after the reset, /login (§4). */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
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

  const e = { newPassword: errorText(errors.newPassword?.message), confirmPassword: errorText(errors.confirmPassword?.message), token: errorText(errors.token?.message) };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {e.token ? (
        <p role="alert" className="text-sm text-danger">
          {e.token}
        </p>
      ) : null}
      <FormField id="reset-password" label={t('reset.newPassword')} error={e.newPassword}>
        <PasswordInput {...register('newPassword')} {...fieldAria('reset-password', e.newPassword)} autoComplete="new-password" />
      </FormField>
      <FormField id="reset-password2" label={t('reset.confirmPassword')} error={e.confirmPassword}>
        <PasswordInput {...register('confirmPassword')} {...fieldAria('reset-password2', e.confirmPassword)} autoComplete="new-password" />
      </FormField>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={buttonClass}>
        {isSubmitting ? <Spinner label={t('reset.submitting')} /> : t('reset.submit')}
      </button>
    </form>
  );
}
