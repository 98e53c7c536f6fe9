import 'server-only';
import { orders, tickets, ticketMessages } from '@/db/schema';
import { durumOf, type Durum } from '@/lib/domain/operations';

type Ticket = typeof tickets.$inferSelect;
type Message = typeof ticketMessages.$inferSelect;
type Order = typeof orders.$inferSelect;

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

/**
 * An order as a support thread names it (issue #32): the service key, the order's `durum` (the
 * grouping the panel's history and statistics show, lib/domain/operations durumOf) and how many of its
 * profiles succeeded. The reader's page turns these into words in its language.
 */
export type TicketOrderSummary = {
  task_id: string;
  /** Issue #33: the order's number, "#123" wherever an order is named. */
  order_number: number;
  platform: string;
  service: string;
  durum: Durum;
  success_count: number;
  profile_count: number;
  created_at: string;
};

export function toOrderSummary(o: Pick<Order, 'id' | 'number' | 'platform' | 'service' | 'status' | 'successCount' | 'profileCount' | 'createdAt'>): TicketOrderSummary {
  return {
    task_id: o.id,
    order_number: o.number,
    platform: o.platform,
    service: o.service,
    durum: durumOf(o.status),
    success_count: o.successCount,
    profile_count: o.profileCount,
    created_at: o.createdAt.toISOString(),
  };
}
