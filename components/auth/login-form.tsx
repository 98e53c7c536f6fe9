'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { safeReturnPath } from '@/components/service/send-draft';
import { Link } from '@/components/ui/link';
import { sendJson, startSession } from './api';
import { InputField, PasswordField } from './fields';
import { SubmitButton } from './form-field';
import { LockedNotice } from './locked-notice';
import { TwoFactorStep } from './two-factor-step';
import { useAuthForm } from './use-auth-form';

/**
 * The login tab of /login: POST /api/auth/login, then the cookie session, a toast and / (→ /panel).
 * With two-factor sign-in on, the login answers a challenge and the code step comes in between.
 * While the account's sign-in is locked (429 LOGIN_LOCKED) the form says so in place and offers
 * a field for a two-factor code, sent with the password on the next submit.
 */
export function LoginForm() {
  const t = useTranslations('Auth');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);
  const { form, locale, router, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/auth/schemas').then((m) => m.loginSchema), { email: '', password: '', code: '' });

  async function signedIn(token: string, kullanici: unknown) {
    if (!(await startSession(token, kullanici, 'user'))) {
      toast.error(t('login.login_error'));
      return;
    }
    toast.success(t('login.success'));
    // Back to the page that sent the visitor here (a service page with their draft), else / (→ /panel).
    router.replace(safeReturnPath(new URLSearchParams(window.location.search).get('next')) ?? '/');
    router.refresh();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await sendJson('/api/auth/login', values, locale);
    if (res.ok && res.body.two_factor_required === true && typeof res.body.challenge === 'string') {
      setChallenge(res.body.challenge);
      return;
    }
    if (res.body.code === 'LOGIN_LOCKED') {
      setLocked(res.body.mesaj ?? t('login.login_error'));
      form.setValue('code', '');
      return;
    }
    if (!res.ok || typeof res.body.token !== 'string') {
      setLocked(null);
      toast.error(res.body.mesaj ?? t('login.login_error'));
      return;
    }
    await signedIn(res.body.token, res.body.kullanici);
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('login.title')}>
      <InputField id="login-email" label={t('fields.email')} error={error('email')} {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
      <PasswordField id="login-password" label={t('fields.password')} error={error('password')} {...form.register('password')} autoComplete="current-password" />
      {locked ? <LockedNotice message={locked} code={form.register('code')} error={error('code')} /> : null}
      <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-brand underline underline-offset-2">
          {t('login.forgot')}
        </Link>
      </p>
    </form>
  );
}
