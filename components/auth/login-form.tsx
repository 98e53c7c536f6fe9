'use client';

import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/lib/i18n/navigation';
import { loginSchema } from '@/lib/auth/schemas';
import { sendJson, startSession } from './api';
import { InputField, PasswordField } from './fields';
import { SubmitButton } from './form-field';
import { useAuthForm } from './use-auth-form';

/** The login tab of /login: POST /api/auth/login, then the cookie session, a toast and / (→ /panel). */
export function LoginForm() {
  const t = useTranslations('Auth');
  const { form, locale, router, isSubmitting, error } = useAuthForm(loginSchema, { email: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
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

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('login.title')}>
      <InputField id="login-email" label={t('fields.email')} error={error('email')} {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
      <PasswordField id="login-password" label={t('fields.password')} error={error('password')} {...form.register('password')} autoComplete="current-password" />
      <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-brand underline underline-offset-2">
          {t('login.forgot')}
        </Link>
      </p>
    </form>
  );
}
