import { closeTicket, ticketIdParams } from '@/lib/domain/tickets';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/tickets/{id}/close → {ticket}: the owner closes their ticket (again: no change). */
export const POST = route({ auth: 'user', params: ticketIdParams }, async ({ db, user, params }) => ok({ ticket: await closeTicket(db, { ticketId: params.id, userId: user.id }) }));
