'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/utils/cn';
import { statusBadge } from './order-status';

/** A transaction's §4 status as a coloured badge with its label. */
export function StatusBadge({ durum }: { durum: string }) {
  const t = useTranslations('Panel.statistics.outcome');
  const badge = statusBadge(durum);
  return (
    <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)} data-durum={durum}>
      {badge.known ? t(badge.known) : badge.raw}
    </span>
  );
}
