'use client';

import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import { sendJson } from './api';
import { InputField } from './fields';
import { SubmitButton } from './form-field';
import { useAuthForm } from './use-auth-form';

/** /forgot-password (§2): e-mail form; success toast, then /login. */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth');
  const { form, locale, router, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/auth/schemas').then((m) => m.forgotPasswordSchema), { email: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/forgot-password', values, locale);
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('forgot.forgot_password_error'));
      return;
    }
    toast.success(res.body.mesaj ?? t('forgot.success'));
    router.push('/login');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{t('forgot.text')}</p>
      <InputField id="forgot-email" label={t('fields.email')} error={error('email')} {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
      <SubmitButton busy={isSubmitting} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
      <p className="text-center text-sm">
        <Link href="/login" className="text-brand underline underline-offset-2">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </form>
  );
}
