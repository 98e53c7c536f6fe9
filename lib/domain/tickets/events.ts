import 'server-only';
import { emitToAdmins, emitToUser } from '@/lib/infra/realtime';
import type { TicketMessageView, TicketSummary } from './shapes';

/** A new message in a ticket (customer's or admin's), or a change of its status or assignee. */
export const TICKET_EVENT = 'ticket:updated';

export type TicketEvent = { ticket_id: number; status: TicketSummary['status']; message: TicketMessageView | null };

/**
 * Tells the ticket's owner (their user room) and the admin sessions (the admin room), and nobody
 * else, after the change has committed. The owner's open pages and the inbox read the ticket again
 * or append the message.
 */
export function announceTicket(ownerId: number, event: TicketEvent): void {
  emitToUser(ownerId, TICKET_EVENT, event);
  emitToAdmins(TICKET_EVENT, event);
}
