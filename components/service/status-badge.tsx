import { Check, Circle, LoaderCircle, X, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Badge as Status } from './order-lifecycle';

const LOOK: Record<Status, { tone: BadgeTone; icon: LucideIcon; iconClassName?: string }> = {
  idle: { tone: 'neutral', icon: Circle },
  pending: { tone: 'warning', icon: LoaderCircle, iconClassName: 'motion-safe:animate-spin' },
  success: { tone: 'success', icon: Check },
  failed: { tone: 'danger', icon: X },
};

/** A profile's operation status (§3 operationStatus): an icon and words, never colour alone. */
export function StatusBadge({ status, label }: { status: Status; label: string }) {
  const look = LOOK[status];
  return (
    <Badge data-status={status} tone={look.tone} icon={look.icon} iconClassName={look.iconClassName}>
      {label}
    </Badge>
  );
}
