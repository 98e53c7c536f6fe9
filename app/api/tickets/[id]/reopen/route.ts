import { reopenTicket, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/tickets/{id}/reopen → {ticket}: within 7 days of closing, else 409 TICKET_REOPEN_EXPIRED. */
export const POST = route({ auth: 'user', params: ticketIdParams }, async ({ db, user, params }) => ok({ ticket: await reopenTicket(db, { ticketId: params.id, userId: user.id }) }));
