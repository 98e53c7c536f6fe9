import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tickets, users } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { AppError } from '@/lib/infra/errors';
import { announceTicket } from './events';
import { REOPEN_DAYS } from './schemas';
import { toTicketSummary, type TicketSummary } from './shapes';

type Ticket = typeof tickets.$inferSelect;

async function lockTicket(db: Db, ticketId: number, ownerId?: number): Promise<Ticket> {
  const where = ownerId === undefined ? eq(tickets.id, ticketId) : and(eq(tickets.id, ticketId), eq(tickets.userId, ownerId));
  const [ticket] = await db.select().from(tickets).where(where).for('update');
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  return ticket;
}

function announce(t: TicketSummary, ownerId: number): void {
  announceTicket(ownerId, { ticket_id: t.id, status: t.status, message: null });
}

/** The owner (no actor) or an admin (audited) closes a ticket; closing a closed one changes nothing. */
export async function closeTicket(db: Db, input: { ticketId: number; userId?: number; actor?: Actor }): Promise<TicketSummary> {
  const { summary, ownerId, changed } = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId, input.actor ? undefined : input.userId);
    if (ticket.status === 'closed') return { summary: toTicketSummary(ticket), ownerId: ticket.userId, changed: false };
    const [updated] = await tx.update(tickets).set({ status: 'closed', closedAt: new Date() }).where(eq(tickets.id, ticket.id)).returning();
    if (input.actor) {
      await recordAudit(tx, input.actor, { action: 'ticket.close', entity: 'ticket', entityId: ticket.id, before: { status: ticket.status }, after: { status: 'closed' } });
    }
    return { summary: toTicketSummary(updated!), ownerId: ticket.userId, changed: true };
  });
  if (changed) announce(summary, ownerId);
  return summary;
}

/** The owner reopens their closed ticket, within REOPEN_DAYS of its closing. */
export async function reopenTicket(db: Db, input: { ticketId: number; userId: number; now?: Date }): Promise<TicketSummary> {
  const summary = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId, input.userId);
    if (ticket.status !== 'closed') return toTicketSummary(ticket);
    const now = input.now ?? new Date();
    if (ticket.closedAt && now.getTime() - ticket.closedAt.getTime() > REOPEN_DAYS * 86_400_000) {
      throw new AppError('TICKET_REOPEN_EXPIRED', { params: { days: REOPEN_DAYS } });
    }
    const [updated] = await tx.update(tickets).set({ status: 'open', closedAt: null }).where(eq(tickets.id, ticket.id)).returning();
    return toTicketSummary(updated!);
  });
  announce(summary, input.userId);
  return summary;
}

/** An admin gives the ticket to an admin (or to nobody); audited. */
export async function assignTicket(db: Db, actor: Actor, input: { ticketId: number; adminId: number | null }): Promise<TicketSummary> {
  const { summary, ownerId } = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    if (input.adminId !== null) {
      const [admin] = await tx.select({ rol: users.rol, deletedAt: users.deletedAt }).from(users).where(eq(users.id, input.adminId));
      if (!admin || admin.rol !== 'admin' || admin.deletedAt) throw new AppError('TICKET_ASSIGNEE_INVALID');
    }
    const [updated] = await tx.update(tickets).set({ assignedTo: input.adminId }).where(eq(tickets.id, ticket.id)).returning();
    await recordAudit(tx, actor, { action: 'ticket.assign', entity: 'ticket', entityId: ticket.id, before: { assignedTo: ticket.assignedTo }, after: { assignedTo: input.adminId } });
    return { summary: toTicketSummary(updated!), ownerId: ticket.userId };
  });
  announce(summary, ownerId);
  return summary;
}
