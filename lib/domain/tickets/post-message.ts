import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ticketMessages, tickets } from '@/db/schema';
import type { Actor } from '@/lib/domain/audit';
import { recordAudit } from '@/lib/domain/audit';
import { AppError } from '@/lib/infra/errors';
import { notify } from '@/lib/domain/notifications';
import { enforceRateLimit } from '@/lib/infra/rate-limit';
import { announceTicket } from './events';
import { toMessageView, toTicketSummary, type TicketMessageView, type TicketSummary } from './shapes';

/** Per customer: at most 30 messages in 10 minutes over all their tickets. */
export const TICKET_MESSAGE_LIMIT = { limit: 30, windowSeconds: 600 };

type Result = { ticket: TicketSummary; message: TicketMessageView };

/**
 * The owner writes in their ticket. An answered ticket is open again (the admins owe a reply);
 * a closed one must be reopened first (TICKET_CLOSED).
 */
export async function postCustomerMessage(db: Db, input: { ticketId: number; userId: number; message: string }): Promise<Result> {
  await enforceRateLimit(db, { key: `ticket:message:${input.userId}`, ...TICKET_MESSAGE_LIMIT });
  const result = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, input.ticketId), eq(tickets.userId, input.userId)))
      .for('update');
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
    const [message] = await tx.insert(ticketMessages).values({ ticketId: ticket.id, authorId: input.userId, body: input.message }).returning();
    const [updated] = await tx.update(tickets).set({ status: 'open', lastMessageAt: message!.createdAt }).where(eq(tickets.id, ticket.id)).returning();
    return { ticket: toTicketSummary(updated!), message: toMessageView(message!) };
  });
  announceTicket(input.userId, { ticket_id: result.ticket.id, status: result.ticket.status, message: result.message });
  return result;
}

/**
 * An admin answers: the ticket becomes `answered`, the reply is audited, and the customer is told
 * through the notification centre and by mail as they chose (category ticket_answered).
 */
export async function postAdminReply(db: Db, actor: Actor, input: { ticketId: number; message: string }): Promise<Result> {
  const result = await db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, input.ticketId)).for('update');
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, authorId: actor.id, fromAdmin: true, body: input.message })
      .returning();
    const [updated] = await tx
      .update(tickets)
      .set({ status: 'answered', lastMessageAt: message!.createdAt, assignedTo: ticket.assignedTo ?? actor.id })
      .where(eq(tickets.id, ticket.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'ticket.reply',
      entity: 'ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: 'answered', messageId: message!.id },
    });
    await notify(tx, {
      userId: ticket.userId,
      kind: 'ticket_answered',
      params: { id: ticket.id, subject: ticket.subject, message: input.message.length > 300 ? `${input.message.slice(0, 300)}…` : input.message },
      link: `/panel/support?ticket=${ticket.id}`,
    });
    return { ownerId: ticket.userId, ticket: toTicketSummary(updated!), message: toMessageView(message!) };
  });
  announceTicket(result.ownerId, { ticket_id: result.ticket.id, status: result.ticket.status, message: result.message });
  return { ticket: result.ticket, message: result.message };
}
