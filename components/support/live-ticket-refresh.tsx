'use client';

import { useRouter } from '@/lib/infra/i18n/navigation';
import { useSocketEvents } from '@/components/realtime/use-socket-events';

/**
 * Reads the support page again when a ticket changes (`ticket:updated`, sent only to the ticket's
 * owner and to admin sessions) or after a reconnect, so a new message appears without a reload.
 */
export function LiveTicketRefresh({ socketToken }: { socketToken: string | null }) {
  const router = useRouter();
  useSocketEvents(socketToken, { 'ticket:updated': () => router.refresh() }, () => router.refresh());
  return null;
}
