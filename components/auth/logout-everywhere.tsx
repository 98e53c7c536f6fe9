'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { clearStoredSession, sendJson } from './api';

/** "Log out everywhere" (/panel/settings): after a confirmation, every session of the account ends. */
export function LogoutEverywhere() {
  const t = useTranslations('Settings');
  const common = useTranslations('Common');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);

  async function confirm() {
    setBusy(true);
    const res = await sendJson('/api/auth/logout-all', {}, locale);
    if (!res.ok && res.status !== 401) {
      setBusy(false);
      toast.error(res.body.mesaj ?? t('update_error'));
      return;
    }
    await (await import('next-auth/react')).signOut({ redirect: false }).catch(() => undefined);
    clearStoredSession();
    setOpen(false);
    toast.success(t('logoutAllDone'));
    router.replace('/login');
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="border-danger text-danger hover:bg-danger/10">
          <LogOut aria-hidden="true" className="size-4" />
          {t('logoutAll')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('logoutAllConfirmTitle')} description={t('logoutAllConfirmText')} closeLabel={common('close')}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{common('cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} loading={busy}>
            {t('logoutAll')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
