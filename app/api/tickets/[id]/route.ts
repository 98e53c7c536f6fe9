import { getTicket, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';
import { ticketResponse } from '@/lib/domain/order-view/responses';

/** GET /api/tickets/{id} → {ticket: {…, messages, order}}; another customer's ticket is 404. */
export const GET = route({ auth: 'user', params: ticketIdParams, response: ticketResponse }, async ({ db, user, params }) => ok({ ticket: await getTicket(db, { ticketId: params.id, userId: user.id }) }));
