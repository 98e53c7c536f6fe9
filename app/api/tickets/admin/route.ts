import { adminTicketQuerySchema, listAdminTickets } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/tickets/admin?status=&category= (admin) → {tickets: [… customer]}: the inbox. */
export const GET = route({ auth: 'admin', query: adminTicketQuerySchema }, async ({ db, query }) => ok({ tickets: await listAdminTickets(db, query) }));
