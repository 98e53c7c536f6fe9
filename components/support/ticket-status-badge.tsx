'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/utils/cn';
import type { TicketStatus } from '@/lib/tickets/schemas';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const t = useTranslations('Tickets.status');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        status === 'open' ? 'bg-brand text-brand-ink' : status === 'answered' ? 'bg-brand-soft text-brand' : 'bg-surface text-muted',
      )}
      data-ticket-status={status}
    >
      {t(status)}
    </span>
  );
}
