'use client';

import { callApi } from '@/components/client/api';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/infra/i18n/navigation';

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
      await callApi('/api/auth/logout', { body: {} });
      await (await import('next-auth/react')).signOut({ redirect: false });
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
    <Button variant="ghost" onClick={logout} loading={busy} className={className}>
      {busy ? null : <LogOut aria-hidden="true" className="size-4" />}
      {/* A phone's header is narrow: the icon stays, the word is read out (and shown from sm up). */}
      <span className="sr-only sm:not-sr-only">{t('logout')}</span>
    </Button>
  );
}
