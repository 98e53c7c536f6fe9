'use client';

import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { cn } from '@/lib/infra/utils/cn';
import type { TicketDetail } from '@/lib/domain/tickets/read-tickets';
import { StatusBadge } from '@/components/ui/status-badge';
import { useOrderSummary } from './order-summary';

/**
 * A ticket's thread (issue #18): its messages, oldest first, as plain text (React escapes it; line
 * breaks are kept), and, when the ticket is about an order, that order's status and each profile's
 * result. The customer sees "Support" for every admin message, never which admin wrote it.
 */
export function TicketThread({ ticket, viewer }: { ticket: TicketDetail; viewer: 'customer' | 'admin' }) {
  const t = useTranslations('Tickets');
  const format = useFormat();
  const summary = useOrderSummary();
  return (
    <div className="space-y-4" data-ticket-thread={ticket.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 break-words text-lg font-semibold">
          #{ticket.id} {ticket.subject}
        </h2>
        <StatusBadge kind="ticket" status={ticket.status} />
      </div>
      <p className="text-sm text-muted">{t(`categories.${ticket.category}`)}</p>
      {ticket.order ? (
        <section aria-label={t('orderTitle')} className="space-y-2 rounded-md border border-line bg-surface p-3 text-sm" data-ticket-order>
          <p className="font-semibold">{t('orderTitle')}</p>
          <p className="break-words">{summary(ticket.order)}</p>
          {ticket.order.refunded_cents > 0 ? <p>{t('orderRefund', { amount: format.money(ticket.order.refunded_cents) })}</p> : null}
          <ul className="flex flex-wrap gap-1">
            {ticket.order.profiles.map((p) => (
              <li
                key={p.profile_id}
                className={cn('max-w-full rounded-full px-2 py-0.5 text-xs wrap-anywhere', p.result === 'success' ? 'bg-brand-soft text-ink' : p.result === 'failed' ? 'bg-danger/10 text-danger' : 'bg-card text-muted')}
              >
                {(p.username || `#${p.profile_id}`) + ' · ' + t(`profileResult.${p.result}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ol className="space-y-3" aria-label={t('messages')}>
        {ticket.messages.map((m) => {
          const mine = viewer === 'admin' ? m.from_admin : !m.from_admin;
          return (
            <li key={m.id} className={cn('max-w-[90%] rounded-lg p-3 text-sm shadow-sm', mine ? 'ml-auto bg-brand-soft' : 'bg-card')} data-ticket-message={m.from_admin ? 'admin' : 'customer'}>
              <p className="mb-1 text-xs text-muted">
                {m.from_admin ? t('support') : viewer === 'admin' ? t('customer') : t('you')} ·{' '}
                <time dateTime={m.created_at}>{format.dateTime(m.created_at)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words">{m.body}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
