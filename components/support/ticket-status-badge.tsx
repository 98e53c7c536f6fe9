import { StatusBadge } from '@/components/ui/status-badge';
import type { TicketStatus } from '@/lib/domain/tickets/schemas';

/**
 * A ticket's status: the one StatusBadge (components/ui/status-badge.tsx). Kept so the back
 * office's ticket list, changed in parallel, keeps compiling; new code uses StatusBadge directly.
 */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge kind="ticket" status={status} />;
}
