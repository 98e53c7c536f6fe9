'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { ErrorMessage } from './form-field';
import { sendJson, startSession } from './api';
import { TwoFactorStep } from './two-factor-step';

/**
 * The button of /login/unlock: POST /api/auth/login/unlock with the link's token, then the session
 * as after a login (to /panel, or /rooting for an admin login's link). A refused link says so, with
 * the way back to the login (a new right password mails a new link).
 */
export function UnlockSignIn({ token }: { token: string }) {
  const t = useTranslations('Auth.unlock');
  const errors = useTranslations('Errors');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : errors('UNLOCK_LINK_INVALID'));
  const [challenge, setChallenge] = useState<{ challenge: string; kind: 'user' | 'admin' } | null>(null);

  async function signedIn(kind: 'user' | 'admin', sessionToken: string, kullanici: unknown) {
    if (!(await startSession(sessionToken, kullanici, kind))) {
      setFailure(t('invalidTitle'));
      return;
    }
    toast.success(t('success'));
    router.replace(kind === 'admin' ? '/rooting' : '/panel');
    router.refresh();
  }

  async function go() {
    setBusy(true);
    setFailure(null);
    const res = await sendJson('/api/auth/login/unlock', { token }, locale);
    const kind = res.body.kind === 'admin' ? 'admin' : 'user';
    if (res.ok && res.body.two_factor_required === true && typeof res.body.challenge === 'string') {
      setChallenge({ challenge: res.body.challenge, kind });
      setBusy(false);
      return;
    }
    if (!res.ok || typeof res.body.token !== 'string') {
      setFailure(res.body.mesaj ?? t('invalidTitle'));
      setBusy(false);
      return;
    }
    await signedIn(kind, res.body.token, res.body.kullanici);
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge.challenge}
        onSignedIn={(sessionToken, kullanici) => signedIn(challenge.kind, sessionToken, kullanici)}
        onRestart={() => router.replace(challenge.kind === 'admin' ? '/admin-login' : '/login')}
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('text')}</p>
      <ErrorMessage className="rounded-md border border-danger bg-card px-3 py-2 text-sm text-danger">{failure}</ErrorMessage>
      {failure ? (
        <Button asChild variant="secondary" className="w-full">
          <Link href="/login">{t('backToLogin')}</Link>
        </Button>
      ) : (
        <Button onClick={go} disabled={busy || !hydrated} loading={busy} className="w-full">
          {busy ? t('submitting') : t('submit')}
        </Button>
      )}
    </div>
  );
}
