import { getAdminTicket, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';
import { adminTicketResponse } from '@/lib/domain/order-view/responses';

/** GET /api/tickets/admin/{id} (admin) → {ticket: {…, messages, order, customer: {packages, bakiye_cents, recent_orders}}}. */
export const GET = route({ auth: 'admin', params: ticketIdParams, response: adminTicketResponse }, async ({ db, params }) => ok({ ticket: await getAdminTicket(db, params.id) }));
