'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { MESSAGE_MAX, type TicketStatus } from '@/lib/domain/tickets/schemas';
import { sendJson } from '@/components/auth/api';
import { inputClass } from '@/components/auth/form-field';
import { useHydrated } from '@/components/ui/use-hydrated';
import { Button } from '@/components/ui/button';

type Props = {
  ticketId: number;
  status: TicketStatus;
  closedAt: string | null;
  viewer: 'customer' | 'admin';
};


/**
 * The reply box and the close/reopen buttons under a thread. The customer writes through
 * /api/tickets/{id}/…, an admin through /api/tickets/admin/{id}/…; the page is read again after
 * each action (and on the live event of the other side).
 */
export function TicketReply({ ticketId, status, closedAt, viewer }: Props) {
  const t = useTranslations('Tickets');
  const errors = useTranslations('Errors');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrated();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const base = viewer === 'admin' ? `/api/tickets/admin/${ticketId}` : `/api/tickets/${ticketId}`;

  async function act(path: string, body?: unknown): Promise<boolean> {
    setBusy(true);
    const res = await sendJson(`${base}${path}`, body, locale);
    setBusy(false);
    if (!res.ok) {
      const code = typeof res.body.code === 'string' ? res.body.code : 'INTERNAL';
      toast.error(errors.has(code as never) ? errors(code as never, res.body as never) : (res.body.mesaj ?? errors('INTERNAL')));
      return false;
    }
    router.refresh();
    return true;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) {
      toast.error(t('messageRequired'));
      return;
    }
    if (await act('/messages', { message })) setMessage('');
  }

  if (status === 'closed') {
    // After REOPEN_DAYS the server refuses with TICKET_REOPEN_EXPIRED, which the toast explains.
    const canReopen = viewer === 'customer' && closedAt !== null;
    return (
      <div className="space-y-2 rounded-md border border-line p-3 text-sm">
        <p>{t('closedNote')}</p>
        {canReopen ? (
          <Button variant="secondary" disabled={busy || !hydrated} onClick={() => void act('/reopen')}>
            {t('reopen')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-2" data-ticket-reply>
      <label htmlFor={`${id}-reply`} className="block text-sm font-medium">
        {viewer === 'admin' ? t('replyAsSupport') : t('reply')}
      </label>
      <textarea id={`${id}-reply`} value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={MESSAGE_MAX} className={inputClass} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
          {t('send')}
        </Button>
        <Button variant="secondary" disabled={busy || !hydrated} onClick={() => void act('/close')}>
          {t('close')}
        </Button>
      </div>
    </form>
  );
}
