import { createTicket, createTicketSchema, listTickets } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/tickets → {tickets: [{id, category, subject, status, order_id, last_message_at, …}]}: the caller's own. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => ok({ tickets: await listTickets(db, user.id) }));

/** POST /api/tickets {category, subject, message, order_id?} → 201 {ticket, message}; the admins are mailed. */
export const POST = route({ auth: 'user', body: createTicketSchema }, async ({ db, user, input }) => ok(await createTicket(db, { userId: user.id, ...input }), 201));
