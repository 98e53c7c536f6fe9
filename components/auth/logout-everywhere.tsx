'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { clearStoredSession, getJson, sendJson } from './api';

type KeyItem = { id: number; name: string; prefix: string };

/**
 * "Log out everywhere" (/panel/settings): after a confirmation, every session of the account ends,
 * and so does every API key (issue #33 item 9). The dialog reads the working keys when it opens and
 * names them, so the owner knows which integrations will stop before confirming.
 */
export function LogoutEverywhere() {
  const t = useTranslations('Settings');
  const common = useTranslations('Common');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<KeyItem[] | 'loading' | 'error'>('loading');

  async function opened(next: boolean) {
    setOpen(next);
    if (!next) return;
    setKeys('loading');
    const res = await getJson('/api/api-keys', locale);
    setKeys(res.ok && Array.isArray(res.body.api_keys) ? (res.body.api_keys as KeyItem[]) : 'error');
  }

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
    <Dialog open={open} onOpenChange={opened}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="border-danger text-danger hover:bg-danger/10">
          <LogOut aria-hidden="true" className="size-4" />
          {t('logoutAll')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('logoutAllConfirmTitle')} description={t('logoutAllConfirmText')} closeLabel={common('close')}>
        <div className="mb-4 space-y-2 text-sm" aria-live="polite">
          {keys === 'loading' ? (
            <p className="text-muted">{t('logoutAllKeysLoading')}</p>
          ) : keys === 'error' ? (
            <p className="text-warning">{t('logoutAllKeysError')}</p>
          ) : keys.length === 0 ? (
            <p className="text-muted">{t('logoutAllNoKeys')}</p>
          ) : (
            <>
              <p>{t('logoutAllKeys')}</p>
              <ul className="list-disc space-y-1 pl-5" aria-label={t('logoutAllKeys')}>
                {keys.map((key) => (
                  <li key={key.id} className="wrap-anywhere">
                    <span className="font-medium">{key.name}</span> <code className="text-muted">{key.prefix}…</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
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
