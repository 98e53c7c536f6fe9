import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { setupTestDb } from '@/test/fixtures/db';
import { auditLog, mailOutbox, notifications, orders, rateLimitBuckets, tickets, users } from '@/db/schema';
import { setIo } from '@/lib/infra/realtime';
import { updatePreferences } from '@/lib/domain/notifications';
import { assignTicket, closeTicket, countAdminTickets, createTicket, getAdminTicket, getTicket, listAdminTickets, listTickets, postAdminReply, postCustomerMessage, reopenTicket, TICKET_EVENT } from './index';

const t = setupTestDb();
let a: number;
let b: number;
let admin: number;
let orderA: string;
let orderB: string;
const emitted: { room: string; event: string; payload: unknown }[] = [];

async function user(email: string, rol: 'user' | 'admin' = 'user', locale = 'tr') {
  const [row] = await t.db.insert(users).values({ adSoyad: email.split('@')[0]!, email, passwordHash: 'x', rol, locale, bakiyeCents: 1234 }).returning();
  return row!.id;
}

async function order(userId: number) {
  const [row] = await t.db
    .insert(orders)
    .values({
      userId,
      platform: 'twitter',
      service: 'like',
      targetUrl: 'https://x.com/a/status/1',
      profileIds: [1, 2, 3],
      profileCount: 3,
      priceCents: 300,
      refundedCents: 100,
      status: 'partial',
      successCount: 2,
      results: [
        { profile_id: 1, result: 'success' },
        { profile_id: 2, result: 'success' },
        { profile_id: 3, result: 'failed' },
      ],
    })
    .returning();
  return row!.id;
}

const code = (p: Promise<unknown>) => p.then(() => 'ok', (err: { code?: string }) => err.code ?? String(err));

beforeAll(async () => {
  a = await user('ayse@example.com', 'user', 'en');
  b = await user('bora@example.com');
  admin = await user('admin@example.com', 'admin');
  orderA = await order(a);
  orderB = await order(b);
  // Captures what would reach Socket.IO rooms.
  setIo({ to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }) } as unknown as Server);
});
afterAll(async () => {
  setIo(undefined);
});
beforeEach(async () => {
  await t.db.delete(rateLimitBuckets);
  await t.db.delete(mailOutbox);
  emitted.length = 0;
});

describe('support tickets', () => {
  it('opens a ticket about the customer’s partly failed order, shows its per-profile results and mails the admins', async () => {
    const { ticket, message } = await createTicket(t.db, { userId: a, category: 'order', subject: 'Order stuck', message: 'One profile failed', order_id: orderA });
    expect(ticket).toMatchObject({ status: 'open', category: 'order', order_id: orderA });
    expect(message).toMatchObject({ from_admin: false, body: 'One profile failed' });
    const detail = await getTicket(t.db, { ticketId: ticket.id, userId: a });
    expect(detail.order).toMatchObject({ task_id: orderA, order_status: 'partial', refunded_cents: 100 });
    expect(detail.order!.profiles.map((p) => p.result)).toEqual(['success', 'success', 'failed']);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('admin@example.com');
    expect(mails[0]!.subject).toContain(`#${ticket.id}`);
    expect(mails[0]!.text).toContain('One profile failed');
  });

  it('refuses another customer’s order and hides another customer’s ticket as not found', async () => {
    expect(await code(createTicket(t.db, { userId: a, category: 'order', subject: 'Not mine', message: 'x', order_id: orderB }))).toBe('ORDER_NOT_FOUND');
    const { ticket } = await createTicket(t.db, { userId: a, category: 'other', subject: 'Private', message: 'secret' });
    expect(await code(getTicket(t.db, { ticketId: ticket.id, userId: b }))).toBe('TICKET_NOT_FOUND');
    expect(await code(postCustomerMessage(t.db, { ticketId: ticket.id, userId: b, message: 'hi' }))).toBe('TICKET_NOT_FOUND');
    expect(await code(closeTicket(t.db, { ticketId: ticket.id, userId: b }))).toBe('TICKET_NOT_FOUND');
    expect(await code(reopenTicket(t.db, { ticketId: ticket.id, userId: b }))).toBe('TICKET_NOT_FOUND');
    expect((await listTickets(t.db, b)).map((x) => x.id)).not.toContain(ticket.id);
    expect((await listTickets(t.db, a)).map((x) => x.id)).toContain(ticket.id);
  });

  it('goes open → answered → open → closed, tells only the owner and the admins, and audits the admin’s actions', async () => {
    const { ticket } = await createTicket(t.db, { userId: a, category: 'payment', subject: 'Where is my payment', message: 'Paid yesterday' });
    emitted.length = 0;
    const reply = await postAdminReply(t.db, { id: admin, ip: '10.0.0.1' }, { ticketId: ticket.id, message: 'It is credited now.' });
    expect(reply.ticket).toMatchObject({ status: 'answered', assigned_to: admin });
    expect(reply.message).toMatchObject({ from_admin: true, body: 'It is credited now.' });
    expect(reply.message).not.toHaveProperty('author_id');
    const rooms = emitted.filter((e) => e.event === TICKET_EVENT).map((e) => e.room).sort();
    expect(rooms).toEqual(['admins', `user:${a}`]);
    await vi.waitFor(() => expect(emitted.some((e) => e.event === 'notification:new' && e.room === `user:${a}`)).toBe(true));
    expect(emitted.every((e) => e.room === 'admins' || e.room === `user:${a}`)).toBe(true);

    // The customer hears of it in the notification centre and by mail, in their language, with an unsubscribe link.
    const [note] = await t.db.select().from(notifications).where(and(eq(notifications.userId, a), eq(notifications.kind, 'ticket_answered')));
    expect(note).toMatchObject({ link: `/panel/support?ticket=${ticket.id}` });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ayse@example.com'));
    expect(mail!.subject).toBe('Your support ticket was answered');
    expect(mail!.text).toContain('It is credited now.');
    expect(mail!.text).toMatch(/\/en\/unsubscribe\?u=\d+&c=ticket_answered&s=/);
    expect(mail!.html).toContain('It is credited now.');

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'ticket.reply'), eq(auditLog.entityId, String(ticket.id))));
    expect(entry).toMatchObject({ actorId: admin, entity: 'ticket', ip: '10.0.0.1' });

    expect((await postCustomerMessage(t.db, { ticketId: ticket.id, userId: a, message: 'Thanks!' })).ticket.status).toBe('open');
    expect((await closeTicket(t.db, { ticketId: ticket.id, userId: a })).status).toBe('closed');
    expect(await code(postCustomerMessage(t.db, { ticketId: ticket.id, userId: a, message: 'again' }))).toBe('TICKET_CLOSED');
    expect(await code(postAdminReply(t.db, { id: admin }, { ticketId: ticket.id, message: 'late' }))).toBe('TICKET_CLOSED');
    const detail = await getTicket(t.db, { ticketId: ticket.id, userId: a });
    expect(detail.messages.map((m) => [m.from_admin, m.body])).toEqual([
      [false, 'Paid yesterday'],
      [true, 'It is credited now.'],
      [false, 'Thanks!'],
    ]);
  });

  it('lets the owner reopen a closed ticket within 7 days only', async () => {
    const { ticket } = await createTicket(t.db, { userId: a, category: 'account', subject: 'Reopen me', message: 'x' });
    await closeTicket(t.db, { ticketId: ticket.id, actor: { id: admin } });
    const [closed] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const later = (days: number) => new Date(closed!.closedAt!.getTime() + days * 86_400_000);
    expect(await code(reopenTicket(t.db, { ticketId: ticket.id, userId: a, now: later(8) }))).toBe('TICKET_REOPEN_EXPIRED');
    expect((await reopenTicket(t.db, { ticketId: ticket.id, userId: a, now: later(6) })).status).toBe('open');
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'ticket.close'), eq(auditLog.entityId, String(ticket.id))));
    expect(entry).toBeDefined();
  });

  it('gives the admins an inbox with filters, the customer’s context and assignment to admins only', async () => {
    const { ticket } = await createTicket(t.db, { userId: b, category: 'package', subject: 'Package question', message: 'x', order_id: orderB });
    const open = await listAdminTickets(t.db, { status: 'open', category: 'package' });
    expect(open.map((x) => x.id)).toContain(ticket.id);
    expect(open.every((x) => x.status === 'open' && x.category === 'package')).toBe(true);
    expect((await listAdminTickets(t.db, { status: 'closed', category: 'package' })).map((x) => x.id)).not.toContain(ticket.id);
    // Pages of the inbox (issue #15): the same order, cut by limit and offset, and the count of the filter.
    const all = await listAdminTickets(t.db, {});
    expect(await countAdminTickets(t.db, {})).toBe(all.length);
    expect(await countAdminTickets(t.db, { status: 'open', category: 'package' })).toBe(open.length);
    expect((await listAdminTickets(t.db, { limit: 1, offset: 1 })).map((x) => x.id)).toEqual(all.slice(1, 2).map((x) => x.id));
    const detail = await getAdminTicket(t.db, ticket.id);
    expect(detail.customer).toMatchObject({ id: b, email: 'bora@example.com', bakiye_cents: 1234 });
    expect(detail.customer.recent_orders.map((o) => o.task_id)).toContain(orderB);
    expect(await code(assignTicket(t.db, { id: admin }, { ticketId: ticket.id, adminId: a }))).toBe('TICKET_ASSIGNEE_INVALID');
    expect((await assignTicket(t.db, { id: admin }, { ticketId: ticket.id, adminId: admin })).assigned_to).toBe(admin);
    expect(await code(getAdminTicket(t.db, 2147483000))).toBe('TICKET_NOT_FOUND');
  });

  it('sorts the inbox by newest or oldest activity, newest ticket, or status with open ones first', async () => {
    const made: number[] = [];
    for (const [i, subject] of ['Sort one', 'Sort two', 'Sort three'].entries()) {
      const { ticket } = await createTicket(t.db, { userId: a, category: 'other', subject, message: 'x' });
      // Created in this order, but the first was written to last and the second is answered.
      await t.db.update(tickets).set({ createdAt: new Date(Date.UTC(2026, 0, 1, i)), lastMessageAt: new Date(Date.UTC(2026, 0, 2, [9, 1, 5][i]!)) }).where(eq(tickets.id, ticket.id));
      made.push(ticket.id);
    }
    await t.db.update(tickets).set({ status: 'answered' }).where(eq(tickets.id, made[1]!));
    const order = async (sort?: 'activity' | 'waiting' | 'created' | 'status') =>
      (await listAdminTickets(t.db, { category: 'other', sort })).map((x) => x.id).filter((id) => made.includes(id));
    expect(await order()).toEqual([made[0], made[2], made[1]]);
    expect(await order('activity')).toEqual([made[0], made[2], made[1]]);
    expect(await order('waiting')).toEqual([made[1], made[2], made[0]]);
    expect(await order('created')).toEqual([made[2], made[1], made[0]]);
    expect(await order('status')).toEqual([made[2], made[0], made[1]]);
  });

  it('respects the customer’s choice: no mail for answers when they turned it off, the notice still in the app', async () => {
    await updatePreferences(t.db, b, { channels: { ticket_answered: { email: false } } });
    const { ticket } = await createTicket(t.db, { userId: b, category: 'other', subject: 'Quiet please', message: 'x' });
    await t.db.delete(mailOutbox);
    await postAdminReply(t.db, { id: admin }, { ticketId: ticket.id, message: 'Answer' });
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, b))).toHaveLength(1);
  });

  it('limits how many tickets a customer opens in an hour', async () => {
    for (let i = 0; i < 5; i++) await createTicket(t.db, { userId: b, category: 'other', subject: `Ticket ${i}`, message: 'x' });
    expect(await code(createTicket(t.db, { userId: b, category: 'other', subject: 'One too many', message: 'x' }))).toBe('RATE_LIMITED');
  });
});
