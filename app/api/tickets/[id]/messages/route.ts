import { postCustomerMessage, ticketIdParams, ticketMessageSchema } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/tickets/{id}/messages {message} → 201 {ticket, message}; a closed ticket is 409 TICKET_CLOSED. */
export const POST = route({ auth: 'user', params: ticketIdParams, body: ticketMessageSchema }, async ({ db, user, params, input }) =>
  ok(await postCustomerMessage(db, { ticketId: params.id, userId: user.id, message: input.message }), 201),
);
