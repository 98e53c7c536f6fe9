'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { signOut } from 'next-auth/react';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Logout (§4 Session): the server ends the session (POST /api/auth/logout), next-auth removes its
 * cookie, and the stored tokens of §3 are cleared.
 */
export function LogoutButton({ className }: { className?: string }) {
  const t = useTranslations('Header');
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    if (busy) return;
    setBusy(true);
    try {
      await fetch('/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
      await signOut({ redirect: false });
      for (const key of ['user_token', 'user_data', 'admin_token']) window.localStorage.removeItem(key);
      toast.success(t('loggedOut'));
      router.replace('/');
      router.refresh();
    } catch {
      toast.error(t('logoutFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={logout} disabled={busy} aria-busy={busy} className={className}>
      {t('logout')}
    </button>
  );
}
