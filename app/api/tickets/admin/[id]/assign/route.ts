import { actorFrom } from '@/lib/domain/audit';
import { assignTicket, assignTicketSchema, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/tickets/admin/{id}/assign {admin_id | null} (admin) → {ticket}; audited. */
export const PUT = route({ auth: 'admin', params: ticketIdParams, body: assignTicketSchema }, async ({ req, db, user, params, input }) =>
  ok({ ticket: await assignTicket(db, actorFrom(user, req), { ticketId: params.id, adminId: input.admin_id }) }),
);
