'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { sendJson, startSession } from './api';
import { InputField, PasswordField } from './fields';
import { ErrorMessage, SubmitButton } from './form-field';
import { LockedNotice } from './locked-notice';
import { TwoFactorStep } from './two-factor-step';
import { useAuthForm } from './use-auth-form';

/**
 * /admin-login (§2, §5): only rol admin gets in; success goes to /rooting. With two-factor sign-in
 * on, the code step comes after the password. While the site requires two-factor sign-in of
 * admins, an admin without it is told to turn it on from the customer login's settings first.
 * A locked sign-in (429 LOGIN_LOCKED) is shown in place with a two-factor code field, as on /login.
 */
export function AdminLoginForm() {
  const t = useTranslations('Auth');
  const t2 = useTranslations('TwoFactor.login');
  const [failure, setFailure] = useState<string | null>(null);
  const [setupRequired, setSetupRequired] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);
  const { form, locale, router, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/auth/schemas').then((m) => m.adminLoginSchema), { email: '', sifre: '', code: '' });

  async function signedIn(token: string, kullanici: unknown) {
    if (!(await startSession(token, kullanici, 'admin'))) {
      setChallenge(null);
      setFailure(t('admin.failed'));
      return;
    }
    router.replace('/rooting');
    router.refresh();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSetupRequired(false);
    const res = await sendJson('/api/auth/admin-login', values, locale);
    // Locked after failures from many addresses: said in place, with the two-factor code field.
    if (res.body.code === 'LOGIN_LOCKED') {
      setLocked(res.body.mesaj ?? t('admin.failed'));
      form.setValue('code', '');
      return;
    }
    if (res.ok && res.body.two_factor_required === true && typeof res.body.challenge === 'string') {
      setChallenge(res.body.challenge);
      return;
    }
    if (!res.ok || typeof res.body.token !== 'string') {
      setSetupRequired(res.body.code === 'TWO_FACTOR_SETUP_REQUIRED');
      setFailure(res.body.mesaj ?? t('admin.failed'));
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
          form.setValue('sifre', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ErrorMessage className="rounded-md border border-danger bg-card px-3 py-2 text-sm text-danger">
        {failure ? (
          <>
            {failure}
            {setupRequired ? (
              <>
                {' '}
                <Link href="/login" className="font-semibold underline underline-offset-2">
                  {t2('customerLogin')}
                </Link>
              </>
            ) : null}
          </>
        ) : null}
      </ErrorMessage>
      <InputField id="admin-email" label={t('fields.email')} error={error('email')} {...form.register('email')} type="email" autoComplete="username" inputMode="email" />
      <PasswordField id="admin-password" label={t('fields.password')} error={error('sifre')} {...form.register('sifre')} autoComplete="current-password" />
      {locked ? <LockedNotice message={locked} code={form.register('code')} error={error('code')} /> : null}
      <SubmitButton busy={isSubmitting} label={t('admin.submit')} busyLabel={t('admin.submitting')} spinner={false} />
    </form>
  );
}
