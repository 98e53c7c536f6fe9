'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import type { AdminApiKeyView } from '@/lib/domain/api-keys/list-api-keys';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { adminApi, errorText } from './admin-api';
import { AdminTable } from './admin-table';
import { Ban, MoreHorizontal } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** The rows of /rooting/api-keys with their Revoke action (a confirmation first). */
export function ApiKeysTable({ keys, emptyText }: { keys: AdminApiKeyView[]; emptyText: string }) {
  const t = useTranslations('Admin.apiKeys');
  const tc = useTranslations('Admin.common');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [target, setTarget] = useState<AdminApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  async function revoke() {
    if (!target) return;
    setBusy(true);
    try {
      await adminApi(`/api/api-keys/admin/${target.id}`, { method: 'DELETE', locale, fallback: t('revokeFailed') });
      toast.success(t('revoked'));
      setTarget(null);
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('revokeFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <AdminTable columns={[t('owner'), t('name'), t('prefix'), t('created'), t('lastUsed'), t('status')]} isEmpty={keys.length === 0} emptyText={emptyText} label={t('title')}>
        {keys.map((k) => (
          <tr key={k.id} className="border-b border-line last:border-0" data-api-key={k.id}>
            <td className="min-w-52 p-3">
              <span className="block font-medium">{k.user.ad_soyad}</span>
              <span className="block text-muted [overflow-wrap:anywhere]">{k.user.email}</span>
            </td>
            <td className="p-3 break-words">{k.name}</td>
            <td className="p-3 whitespace-nowrap">
              <code className="font-mono">{k.prefix}…</code>
            </td>
            <td className="p-3 whitespace-nowrap">{when(k.created_at)}</td>
            <td className="p-3 whitespace-nowrap">{k.last_used_at ? when(k.last_used_at) : t('never')}</td>
            <td className="p-3">
              {k.revoked_at ? <Badge tone="neutral">{t('revokedAt', { date: when(k.revoked_at) })}</Badge> : <Badge tone="success">{t('active')}</Badge>}
              {k.webhook_url ? <span className="block text-xs wrap-anywhere text-muted">{`${t('webhook')}: ${k.webhook_url}`}</span> : null}
            </td>
            <td className="p-3 text-right">
              {k.revoked_at ? null : (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={tc('rowMenu', { name: `${k.name} (${k.user.email})` })}>
                      <MoreHorizontal aria-hidden="true" className="size-5" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem className="text-danger data-[highlighted]:text-danger" aria-label={t('revokeLabel', { name: k.name, owner: k.user.email })} onSelect={() => setTarget(k)}>
                      <Ban aria-hidden="true" className="size-4" />
                      {t('revoke')}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setTarget(null);
        }}
        title={t('revokeTitle')}
        description={target ? t('revokeText', { name: target.name, owner: target.user.email }) : undefined}
        confirmLabel={t('revoke')}
        cancelLabel={tc('cancel')}
        onConfirm={revoke}
        busy={busy}
      />
    </>
  );
}
