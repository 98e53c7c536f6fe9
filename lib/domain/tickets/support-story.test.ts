import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'socket.io';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { orders, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { deliverQueuedMail } from '@/lib/infra/mail';
import { setIo } from '@/lib/infra/realtime';
import { createFormat } from '@/lib/infra/format';
import { finalizeOrder } from '@/lib/domain/operations/finalize-order';
import { GET as listTickets, POST as openTicket } from '@/app/api/tickets/route';
import { GET as readTicket } from '@/app/api/tickets/[id]/route';
import { POST as adminReply } from '@/app/api/tickets/admin/[id]/messages/route';
import { GET as listNotifications } from '@/app/api/notifications/route';
import { POST as markRead } from '@/app/api/notifications/read/route';
import { POST as unsubscribe } from '@/app/api/notifications/unsubscribe/route';

/**
 * Issue #18's story through the API handlers and a real SMTP exchange: a customer opens a ticket
 * about a partly failed order, an admin answers from the inbox, and the customer gets the answer
 * live (their socket room), in the notification centre and by mail; the mail's one-click link
 * turns these mails off; nobody else sees the ticket or the notices.
 */
const t = setupTestDb({ asAppDb: true });
let smtp: TestSmtp;
let customer: { id: number; token: string };
let other: { id: number; token: string };
let adminToken = '';
let orderId = '';
const emitted: { room: string; event: string; payload: unknown }[] = [];

async function account(email: string, rol: 'user' | 'admin', locale: string) {
  const [row] = await t.db.insert(users).values({ adSoyad: email.split('@')[0]!, email, passwordHash: 'x', rol, locale }).returning();
  return { id: row!.id, token: await signToken(t.db, row!, rol === 'admin' ? 'admin' : 'user') };
}

const deliver = () => deliverQueuedMail(t.db, { smtpUrl: smtp.url, from: 'Etkileşim <no-reply@example.com>' });

beforeAll(async () => {
  smtp = await startTestSmtp();
  customer = await account('derya@example.com', 'user', 'de');
  other = await account('emre@example.com', 'user', 'tr');
  adminToken = (await account('admin@example.com', 'admin', 'tr')).token;
  setIo({ to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }) } as unknown as Server);
  // A paid order of three profiles of which one fails: it ends partial with a refund.
  const [order] = await t.db
    .insert(orders)
    .values({ userId: customer.id, platform: 'twitter', service: 'new_tweet', profileIds: [1, 2, 3], profileCount: 3, priceCents: 300, profilePricesCents: { '1': 100, '2': 100, '3': 100 }, status: 'processing' })
    .returning();
  orderId = order!.id;
  await finalizeOrder(t.db, orderId, { outcomes: new Map([[1, 'success'], [2, 'success'], [3, 'failed']]) });
});
afterAll(async () => {
  setIo(undefined);
  await smtp.close();
});

describe('a support ticket about a partly failed order', () => {
  it('is answered from the inbox and reaches the customer live, in the notification centre and by mail', async () => {
    // The order's end was already told: failed profiles and the refund.
    await deliver();
    const failedMail = await smtp.waitForMail((m) => m.to.includes('derya@example.com'));
    expect(failedMail.subject).toBe('Bei Ihrer Bestellung sind Profile fehlgeschlagen');
    // Derya reads German: the refund through the one money formatter (issue #32), the service by its name.
    expect(failedMail.text).toContain(createFormat('de').money(100));
    expect(failedMail.text).toContain('„Neuer Tweet“');

    const opened = await call(openTicket, { token: customer.token, body: { category: 'order', subject: 'Ein Profil fehlt', message: 'Profil 3 ist fehlgeschlagen.', order_id: orderId } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ticketId = (opened.body.ticket as { id: number }).id;
    const shown = await call(readTicket, { token: customer.token, params: { id: String(ticketId) } });
    expect(shown.body.ticket).toMatchObject({ status: 'open', order: { task_id: orderId, order_status: 'partial' } });

    // The admins hear of the new ticket by mail.
    await deliver();
    const adminMail = await smtp.waitForMail((m) => m.to.includes('admin@example.com'));
    expect(adminMail.subject).toBe(`Yeni destek talebi #${ticketId}: Ein Profil fehlt`);

    emitted.length = 0;
    const reply = await call(adminReply, { token: adminToken, params: { id: String(ticketId) }, body: { message: 'Wir haben Profil 3 erneut gesendet.' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);

    // Live: the ticket event reaches the customer's room and the admins' room only.
    const ticketEvents = emitted.filter((e) => e.event === 'ticket:updated');
    expect(ticketEvents.map((e) => e.room).sort()).toEqual(['admins', `user:${customer.id}`]);
    expect(ticketEvents[0]!.payload).toMatchObject({ ticket_id: ticketId, status: 'answered', message: { from_admin: true, body: 'Wir haben Profil 3 erneut gesendet.' } });

    // The notification centre.
    const centre = await call(listNotifications, { token: customer.token });
    const notes = centre.body.notifications as { id: number; kind: string; read: boolean; params: Record<string, unknown> }[];
    expect(notes.map((n) => n.kind)).toEqual(['ticket_answered', 'order_failed']);
    expect(centre.body.unread).toBe(2);
    expect(notes[0]!.params).toMatchObject({ id: ticketId, message: 'Wir haben Profil 3 erneut gesendet.' });

    // By mail, over SMTP, in the customer's language, with the category's unsubscribe link.
    await deliver();
    const answerMail = await smtp.waitForMail((m) => m.to.includes('derya@example.com') && m.subject.includes('beantwortet'));
    expect(answerMail.subject).toBe('Ihre Support-Anfrage wurde beantwortet');
    expect(answerMail.text).toContain('Wir haben Profil 3 erneut gesendet.');
    expect(answerMail.text).toContain(`/de/panel/support?ticket=${ticketId}`);
    const link = /https?:\/\/\S+\/de\/unsubscribe\?(\S+)/.exec(answerMail.text);
    expect(link).not.toBeNull();

    // Nobody else sees the ticket or the notices.
    expect((await call(readTicket, { token: other.token, params: { id: String(ticketId) } })).status).toBe(404);
    expect((await call(listTickets, { token: other.token })).body.tickets).toEqual([]);
    expect((await call(listNotifications, { token: other.token })).body).toMatchObject({ notifications: [], unread: 0 });
    expect((await call(markRead, { token: other.token, body: { all: true } })).body.unread).toBe(0);
    expect((await call(listNotifications, { token: customer.token })).body.unread).toBe(2);

    // The one-click link turns answer mails off; the next answer is in the centre but not mailed.
    const q = new URLSearchParams(link![1]!);
    const off = await call(unsubscribe, { body: { u: Number(q.get('u')), c: q.get('c'), s: q.get('s') } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const before = smtp.messages.length;
    expect((await call(adminReply, { token: adminToken, params: { id: String(ticketId) }, body: { message: 'Noch etwas?' } })).status).toBe(201);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before);
    expect((await call(listNotifications, { token: customer.token })).body.unread).toBe(3);
  });
});
