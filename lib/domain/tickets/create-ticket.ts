import 'server-only';
import { orderByKey, orderKeyOfInput } from '@/lib/domain/order-view';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, ticketMessages, tickets, users } from '@/db/schema';
import { env, publicUrl } from '@/env';
import { AppError } from '@/lib/infra/errors';
import { translate } from '@/lib/infra/i18n/translate';
import { queueMail } from '@/lib/infra/mail';
import { enforceRateLimits } from '@/lib/infra/rate-limit';
import type { CreateTicketInput } from './schemas';
import { toMessageView, toTicketSummary, type TicketMessageView, type TicketSummary } from './shapes';

/** Per customer: at most 5 new tickets an hour and 20 a day (a desk, not a chat). */
export const TICKET_CREATE_LIMITS = [
  { per: 'hour', limit: 5, windowSeconds: 3600 },
  { per: 'day', limit: 20, windowSeconds: 86_400 },
] as const;

/**
 * Opens a ticket with its first message. The order, when given, must be the caller's own (else
 * ORDER_NOT_FOUND, the same answer as for an order that does not exist). The admins hear of it by
 * a mail to ADMIN_EMAIL (in Turkish, the back office's language), queued in the same transaction.
 */
export async function createTicket(db: Db, input: Omit<CreateTicketInput, 'order_id'> & { order_id?: string | null; userId: number }): Promise<{ ticket: TicketSummary; message: TicketMessageView }> {
  await enforceRateLimits(
    db,
    TICKET_CREATE_LIMITS.map((r) => ({ key: `ticket:create:${r.per}:${input.userId}`, limit: r.limit, windowSeconds: r.windowSeconds })),
  );
  return db.transaction(async (tx) => {
    // The order by its number ("#123") or its task_id (issue #33); stored by its id.
    let orderId: string | null = null;
    if (input.order_id) {
      const key = orderKeyOfInput(input.order_id);
      const [order] = key ? await tx.select({ id: orders.id }).from(orders).where(and(orderByKey(key), eq(orders.userId, input.userId))) : [];
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      orderId = order.id;
    }
    const [ticket] = await tx
      .insert(tickets)
      .values({ userId: input.userId, category: input.category, subject: input.subject, orderId })
      .returning();
    const [message] = await tx.insert(ticketMessages).values({ ticketId: ticket!.id, authorId: input.userId, body: input.message }).returning();
    const [user] = await tx.select({ name: users.adSoyad, email: users.email }).from(users).where(eq(users.id, input.userId));
    const vars = {
      id: ticket!.id,
      name: user?.name ?? '',
      email: user?.email ?? '',
      category: translate('tr', `Tickets.categories.${input.category}`) ?? input.category,
      subject: input.subject,
      message: input.message,
      link: `${publicUrl()}/rooting/tickets?ticket=${ticket!.id}`,
    };
    await queueMail(tx, {
      to: env.ADMIN_EMAIL,
      subject: translate('tr', 'Mail.ticketOpened.subject', vars) ?? `Ticket #${ticket!.id}`,
      text: translate('tr', 'Mail.ticketOpened.body', vars) ?? input.message,
    });
    return { ticket: toTicketSummary(ticket!), message: toMessageView(message!) };
  });
}
