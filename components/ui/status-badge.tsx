'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/infra/utils/cn';
import { Badge } from './badge';
import { statusLook, type StatusKind } from './status-tone';

/** The data attribute each kind carried before (the e2e tests and the service page read them). */
const DATA_ATTRIBUTE: Record<StatusKind, string> = { order: 'data-durum', profile: 'data-status', ticket: 'data-ticket-status' };

/**
 * The one status badge (issue #15): an order's `durum`, a profile's operation state or a ticket's
 * status, each with its icon and words (status-tone.ts). `label` overrides the words, e.g. a
 * profile's "Done" with its result.
 */
export function StatusBadge({ kind, status, label, className }: { kind: StatusKind; status: string; label?: string; className?: string }) {
  const t = useTranslations('Status');
  const look = statusLook(kind, status);
  const text = label ?? (look.key ? t(`${kind}.${look.key}` as 'order.basarili') : status);
  return (
    <Badge
      tone={look.tone}
      icon={look.icon}
      iconClassName={cn(look.spin && 'motion-safe:animate-spin')}
      className={className}
      data-tone={look.tone}
      {...{ [DATA_ATTRIBUTE[kind]]: status }}
    >
      {text}
    </Badge>
  );
}
