'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { forgotPasswordSchema } from '@/lib/auth/schemas';
import { sendJson } from './api';
import { buttonClass, fieldAria, FormField, inputClass, Spinner } from './form-field';
import { useErrorText } from './use-error-text';

/** /forgot-password (§2): e-mail form; success toast, then /login. */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/forgot-password', values, locale);
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('forgot.forgot_password_error'));
      return;
    }
    toast.success(res.body.mesaj ?? t('forgot.success'));
    router.push('/login');
  });

  const emailError = errorText(errors.email?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{t('forgot.text')}</p>
      <FormField id="forgot-email" label={t('fields.email')} error={emailError}>
        <input {...register('email')} {...fieldAria('forgot-email', emailError)} type="email" autoComplete="email" inputMode="email" className={inputClass} />
      </FormField>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={buttonClass}>
        {isSubmitting ? <Spinner label={t('forgot.submitting')} /> : t('forgot.submit')}
      </button>
      <p className="text-center text-sm">
        <Link href="/login" className="text-brand underline underline-offset-2">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </form>
  );
}
