import { actorFrom } from '@/lib/domain/audit';
import { postAdminReply, ticketIdParams, ticketMessageSchema } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/tickets/admin/{id}/messages {message} (admin) → 201 {ticket, message}: the ticket is answered; audited; the customer is notified. */
export const POST = route({ auth: 'admin', params: ticketIdParams, body: ticketMessageSchema }, async ({ req, db, user, params, input }) =>
  ok(await postAdminReply(db, actorFrom(user, req), { ticketId: params.id, message: input.message }), 201),
);
