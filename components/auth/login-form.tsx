'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { loginSchema, type LoginInput } from '@/lib/auth/schemas';
import { sendJson, startSession } from './api';
import { buttonClass, fieldAria, FormField, inputClass, Spinner } from './form-field';
import { PasswordInput } from './password-input';
import { useErrorText } from './use-error-text';

/** The login tab of /login: POST /api/auth/login, then the cookie session, a toast and / (→ /panel). */
export function LoginForm() {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/login', values, locale);
    if (!res.ok || typeof res.body.token !== 'string') {
      toast.error(res.body.mesaj ?? t('login.login_error'));
      return;
    }
    if (!(await startSession(res.body.token, res.body.kullanici, 'user'))) {
      toast.error(t('login.login_error'));
      return;
    }
    toast.success(t('login.success'));
    router.replace('/');
    router.refresh();
  });

  const emailError = errorText(errors.email?.message);
  const passwordError = errorText(errors.password?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('login.title')}>
      <FormField id="login-email" label={t('fields.email')} error={emailError}>
        <input {...register('email')} {...fieldAria('login-email', emailError)} type="email" autoComplete="email" inputMode="email" className={inputClass} />
      </FormField>
      <FormField id="login-password" label={t('fields.password')} error={passwordError}>
        <PasswordInput {...register('password')} {...fieldAria('login-password', passwordError)} autoComplete="current-password" />
      </FormField>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={buttonClass}>
        {isSubmitting ? <Spinner label={t('login.submitting')} /> : t('login.submit')}
      </button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-brand underline underline-offset-2">
          {t('login.forgot')}
        </Link>
      </p>
    </form>
  );
}
