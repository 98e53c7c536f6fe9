import 'server-only';
import { tickets, ticketMessages } from '@/db/schema';

type Ticket = typeof tickets.$inferSelect;
type Message = typeof ticketMessages.$inferSelect;

export type TicketSummary = {
  id: number;
  category: Ticket['category'];
  subject: string;
  status: Ticket['status'];
  order_id: string | null;
  assigned_to: number | null;
  last_message_at: string;
  closed_at: string | null;
  created_at: string;
};

export type TicketMessageView = { id: number; from_admin: boolean; body: string; created_at: string };

export function toTicketSummary(t: Ticket): TicketSummary {
  return {
    id: t.id,
    category: t.category,
    subject: t.subject,
    status: t.status,
    order_id: t.orderId,
    assigned_to: t.assignedTo,
    last_message_at: t.lastMessageAt.toISOString(),
    closed_at: t.closedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

/** The customer sees "Support", never which admin wrote: no author id leaves the server. */
export function toMessageView(m: Message): TicketMessageView {
  return { id: m.id, from_admin: m.fromAdmin, body: m.body, created_at: m.createdAt.toISOString() };
}
