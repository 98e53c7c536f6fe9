'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { sendJson } from '@/components/auth/api';
import { useHydrated } from '@/components/ui/use-hydrated';
import { Select } from '@/components/ui/input';

/** The inbox's assignment picker: an admin or nobody (PUT /api/tickets/admin/{id}/assign; audited). */
export function TicketAssign({ ticketId, assignedTo, admins }: { ticketId: number; assignedTo: number | null; admins: { id: number; ad_soyad: string }[] }) {
  const t = useTranslations('Admin.tickets');
  const errors = useTranslations('Errors');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function assign(value: string) {
    setBusy(true);
    const res = await sendJson(`/api/tickets/admin/${ticketId}/assign`, { admin_id: value ? Number(value) : null }, locale, 'PUT');
    setBusy(false);
    if (!res.ok) {
      const code = typeof res.body.code === 'string' ? res.body.code : 'INTERNAL';
      toast.error(errors.has(code as never) ? errors(code as never, res.body as never) : (res.body.mesaj ?? errors('INTERNAL')));
      return;
    }
    toast.success(t('assigned'));
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {t('assignee')}
      </label>
      <Select id={id} defaultValue={assignedTo ?? ''} disabled={busy || !hydrated} onChange={(e) => void assign(e.target.value)} className="w-auto text-sm">
        <option value="">{t('unassigned')}</option>
        {admins.map((a) => (
          <option key={a.id} value={a.id}>
            {a.ad_soyad}
          </option>
        ))}
      </Select>
    </div>
  );
}
