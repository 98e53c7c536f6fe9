'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { sendJson } from './api';
import { InputField } from './fields';
import { SubmitButton } from './form-field';
import { useAuthForm } from './use-auth-form';
import { Button } from '@/components/ui/button';

/**
 * The second step of /login and /admin-login (docs/accounts.md "Two-factor sign-in"): the
 * challenge from the password step and a code from the authenticator app, or a recovery code,
 * go to POST /api/auth/login/2fa; its token then signs the browser in as the first step would
 * have. An expired or used-up challenge sends the user back to the password step.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (token: string, kullanici: unknown) => Promise<void>;
  onRestart: () => void;
}) {
  const t = useTranslations('TwoFactor');
  const [recovery, setRecovery] = useState(false);
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/two-factor/schemas').then((m) => m.twoFactorCodeFormSchema), { code: '' });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const res = await sendJson('/api/auth/login/2fa', { challenge, code }, locale);
    if (res.ok && typeof res.body.token === 'string') {
      await onSignedIn(res.body.token, res.body.kullanici);
      return;
    }
    const message = res.body.mesaj ?? t('failed');
    if (res.body.code === 'TWO_FACTOR_CHALLENGE_INVALID') {
      toast.error(message);
      onRestart();
      return;
    }
    form.setError('code', { message }, { shouldFocus: true });
  });

  function toggle() {
    setRecovery((r) => !r);
    form.reset({ code: '' });
    form.setFocus('code');
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="two-factor-step-title">
      <div className="space-y-1">
        <h2 id="two-factor-step-title" className="text-lg font-semibold">
          {t('login.title')}
        </h2>
        <p className="text-sm text-muted">{recovery ? t('login.recoveryText') : t('login.text')}</p>
      </div>
      <InputField
        key={recovery ? 'recovery' : 'totp'}
        id="two-factor-code"
        label={recovery ? t('login.recoveryCode') : t('login.code')}
        error={error('code')}
        {...form.register('code')}
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize={recovery ? 'characters' : 'off'}
        spellCheck={false}
      />
      <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button onClick={toggle} variant="link" className="justify-start px-0 underline">
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </Button>
        <Button onClick={onRestart} variant="secondary">
          {t('login.back')}
        </Button>
      </div>
    </form>
  );
}
