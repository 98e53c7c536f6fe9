import 'server-only';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, ticketMessages, tickets, userPackages, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { readOrderView, type OrderView } from '@/lib/domain/order-view';
import { ADMIN_TICKET_PAGE, type AdminTicketSort, type TicketCategory, type TicketStatus } from './schemas';
import { toMessageView, toOrderSummary, toTicketSummary, type TicketMessageView, type TicketOrderSummary, type TicketSummary } from './shapes';
import { holdsSlot } from '@/lib/domain/subscriptions';

type Ticket = typeof tickets.$inferSelect;

export type TicketDetail = TicketSummary & {
  messages: TicketMessageView[];
  /** The order the ticket is about: its summary (service, durum, counts), each profile's result and the refund. */
  order: (OrderView & TicketOrderSummary & { refunded_cents: number }) | null;
};

export type AdminTicketDetail = TicketDetail & {
  customer: {
    id: number;
    ad_soyad: string;
    email: string;
    bakiye_cents: number;
    packages: { platform: string; paket_adi: string; gunluk_limit: number; profil_limit: number; ends_at: string }[];
    /** `status` is the precise state (pending, scheduled, …) for the API; screens show `durum`. */
    recent_orders: (TicketOrderSummary & { status: string })[];
  };
};

/** The caller's tickets, newest activity first. */
export async function listTickets(db: Db, userId: number): Promise<TicketSummary[]> {
  const rows = await db.select().from(tickets).where(eq(tickets.userId, userId)).orderBy(desc(tickets.lastMessageAt), desc(tickets.id)).limit(200);
  return rows.map(toTicketSummary);
}

/** The admins' inbox: every ticket, filtered by status and category, those waiting for an answer first. */
type AdminTicketFilter = { status?: TicketStatus; category?: TicketCategory };

function adminTicketWhere(filter: AdminTicketFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(tickets.status, filter.status));
  if (filter.category) where.push(eq(tickets.category, filter.category));
  return where.length ? and(...where) : undefined;
}

export { ADMIN_TICKET_SORTS, type AdminTicketSort } from './schemas';

const STATUS_FIRST = sql<number>`case ${tickets.status} when 'open' then 0 when 'answered' then 1 else 2 end`;

function adminTicketOrder(sort: AdminTicketSort = 'activity'): SQL[] {
  if (sort === 'waiting') return [asc(tickets.lastMessageAt), asc(tickets.id)];
  if (sort === 'created') return [desc(tickets.createdAt), desc(tickets.id)];
  if (sort === 'status') return [asc(STATUS_FIRST), asc(tickets.lastMessageAt), asc(tickets.id)];
  return [desc(tickets.lastMessageAt), desc(tickets.id)];
}

/** The admin inbox: newest activity first unless `sort` says otherwise, one page (`limit`, 30 by default, from `offset`). */
export async function listAdminTickets(db: Db, filter: AdminTicketFilter & { limit?: number; offset?: number; sort?: AdminTicketSort }): Promise<(TicketSummary & { customer: { id: number; ad_soyad: string; email: string } })[]> {
  const rows = await db
    .select({ ticket: tickets, customer: { id: users.id, ad_soyad: users.adSoyad, email: users.email } })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(adminTicketWhere(filter))
    .orderBy(...adminTicketOrder(filter.sort))
    .limit(filter.limit ?? ADMIN_TICKET_PAGE)
    .offset(filter.offset ?? 0);
  return rows.map((r) => ({ ...toTicketSummary(r.ticket), customer: r.customer }));
}

/** How many tickets the admin inbox's filter matches (for its pager). */
export async function countAdminTickets(db: Db, filter: AdminTicketFilter): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(tickets).where(adminTicketWhere(filter));
  return row?.total ?? 0;
}

/** A ticket of the caller; another customer's ticket is the same 404 as one that does not exist. */
export async function getTicket(db: Db, input: { ticketId: number; userId: number }): Promise<TicketDetail> {
  const [ticket] = await db.select().from(tickets).where(and(eq(tickets.id, input.ticketId), eq(tickets.userId, input.userId)));
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  return detailOf(db, ticket);
}

/** Any ticket, with the customer's packages, balance and recent orders beside it (the admin inbox). */
export async function getAdminTicket(db: Db, ticketId: number): Promise<AdminTicketDetail> {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const detail = await detailOf(db, ticket);
  const [customer] = await db.select().from(users).where(eq(users.id, ticket.userId));
  const subs = await db
    .select()
    .from(userPackages)
    .where(and(eq(userPackages.userId, ticket.userId), holdsSlot()))
    .orderBy(asc(userPackages.platform));
  const recent = await db.select().from(orders).where(eq(orders.userId, ticket.userId)).orderBy(desc(orders.createdAt)).limit(5);
  return {
    ...detail,
    customer: {
      id: ticket.userId,
      ad_soyad: customer?.adSoyad ?? '',
      email: customer?.email ?? '',
      bakiye_cents: customer?.bakiyeCents ?? 0,
      packages: subs.map((s) => ({ platform: s.platform, paket_adi: s.paketAdi, gunluk_limit: s.gunlukLimit, profil_limit: s.profilLimit, ends_at: s.endsAt.toISOString() })),
      recent_orders: recent.map((o) => ({ ...toOrderSummary(o), status: o.status })),
    },
  };
}

/** The order columns an order summary (toOrderSummary) is made from. */
const SUMMARY_COLUMNS = {
  id: orders.id,
  number: orders.number,
  platform: orders.platform,
  service: orders.service,
  status: orders.status,
  successCount: orders.successCount,
  profileCount: orders.profileCount,
  createdAt: orders.createdAt,
};

async function detailOf(db: Db, ticket: Ticket): Promise<TicketDetail> {
  const messages = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id)).orderBy(asc(ticketMessages.id));
  let order: TicketDetail['order'] = null;
  if (ticket.orderId) {
    const [row] = await db
      .select({ ...SUMMARY_COLUMNS, refundedCents: orders.refundedCents })
      .from(orders)
      .where(eq(orders.id, ticket.orderId));
    const view = row ? await readOrderView(db, row.id) : null;
    if (row && view) order = { ...view, ...toOrderSummary(row), refunded_cents: row.refundedCents };
  }
  return { ...toTicketSummary(ticket), messages: messages.map(toMessageView), order };
}

/** Admin accounts that can be assigned a ticket. */
export async function listTicketAdmins(db: Db): Promise<{ id: number; ad_soyad: string }[]> {
  return db
    .select({ id: users.id, ad_soyad: users.adSoyad })
    .from(users)
    .where(and(eq(users.rol, 'admin'), eq(users.aktif, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
}

/** Recent orders of the caller for the ticket form's order picker. */
export async function listTicketableOrders(db: Db, userId: number): Promise<TicketOrderSummary[]> {
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(30);
  return rows.map(toOrderSummary);
}

