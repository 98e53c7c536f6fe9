import { adminTicketQuerySchema, countAdminTickets, listAdminTickets } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/tickets/admin?status=&category=&sort=&limit=&offset= (admin) → {tickets: [… customer],
 * total}: one page of the inbox (30 by default, at most 100) and how many tickets the filter matches.
 */
export const GET = route({ auth: 'admin', query: adminTicketQuerySchema }, async ({ db, query }) => {
  const [tickets, total] = await Promise.all([listAdminTickets(db, query), countAdminTickets(db, query)]);
  return ok({ tickets, total });
});
