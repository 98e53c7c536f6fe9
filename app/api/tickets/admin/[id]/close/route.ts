import { actorFrom } from '@/lib/domain/audit';
import { closeTicket, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/tickets/admin/{id}/close (admin) → {ticket}; audited. */
export const POST = route({ auth: 'admin', params: ticketIdParams }, async ({ req, db, user, params }) =>
  ok({ ticket: await closeTicket(db, { ticketId: params.id, actor: actorFrom(user, req) }) }),
);
