'use client';

import { useState } from 'react';
import { signOut } from 'next-auth/react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
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
    await signOut({ redirect: false }).catch(() => undefined);
    clearStoredSession();
    setOpen(false);
    toast.success(t('logoutAllDone'));
    router.replace('/login');
    router.refresh();
  }

  const button = 'inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={`${button} border border-danger text-danger hover:bg-danger hover:text-brand-ink`}>{t('logoutAll')}</DialogTrigger>
      <DialogContent title={t('logoutAllConfirmTitle')} description={t('logoutAllConfirmText')} closeLabel={common('close')}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose className={`${button} border border-line hover:bg-brand-soft`}>{common('cancel')}</DialogClose>
          <button type="button" onClick={confirm} disabled={busy} aria-busy={busy} className={`${button} bg-danger text-brand-ink hover:opacity-90 disabled:opacity-60`}>
            {t('logoutAll')}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
