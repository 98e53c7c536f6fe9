import { cn } from '@/lib/utils/cn';
import type { Badge } from './order-lifecycle';

const STYLES: Record<Badge, string> = {
  idle: 'border-line text-muted',
  pending: 'border-warning text-warning',
  success: 'border-success text-success',
  failed: 'border-danger text-danger',
};

const ICONS: Record<Badge, string> = { idle: '○', pending: '◔', success: '✓', failed: '✕' };

/** A profile's operation status (§3 operationStatus), in words and colour. */
export function StatusBadge({ status, label }: { status: Badge; label: string }) {
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full border bg-card px-2 py-0.5 text-xs font-semibold', STYLES[status])}
    >
      <span aria-hidden="true" className={cn(status === 'pending' && 'motion-safe:animate-pulse')}>
        {ICONS[status]}
      </span>
      {label}
    </span>
  );
}
