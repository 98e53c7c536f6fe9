import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/**
 * A small label in one of seven tones. Status badges (orders, profiles, tickets) are built on it so a
 * status looks the same wherever it appears: colour never carries the meaning alone (icon + words).
 */
const tones = {
  neutral: 'border-line bg-surface text-muted',
  info: 'border-brand/30 bg-brand-soft text-brand',
  brand: 'border-brand bg-brand text-brand-ink',
  success: 'border-success/30 bg-success/10 text-success',
  warning: 'border-warning/30 bg-warning/10 text-warning',
  // §4: a waiting order (and a profile being processed) is yellow.
  pending: 'border-pending/40 bg-pending/10 text-pending',
  danger: 'border-danger/30 bg-danger/10 text-danger',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'neutral', icon: Icon, iconClassName, className, children, ...props }: ComponentProps<'span'> & { tone?: BadgeTone; icon?: LucideIcon; iconClassName?: string }) {
  return (
    <span {...props} className={cn('inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-caption font-semibold', tones[tone], className)}>
      {Icon ? <Icon aria-hidden="true" className={cn('size-3.5', iconClassName)} /> : null}
      {children}
    </span>
  );
}
