import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/db';
import { call } from '@/test/http';
import { mailOutbox, notificationPreferences, notifications, users } from '@/db/schema';
import { POST as unsubscribeRoute } from '@/app/api/notifications/unsubscribe/route';
import { getPreferences, listNotifications, markNotificationsRead, notify, unsubscribeSignature, updatePreferences } from './index';

let t: TestDb;
let a: number;
let b: number;

beforeAll(async () => {
  t = await createTestDb();
  installAsAppDb(t);
  const rows = await t.db
    .insert(users)
    .values([
      { adSoyad: 'Ayşe', email: 'ayse-n@example.com', passwordHash: 'x', locale: 'de' },
      { adSoyad: 'Bora', email: 'bora-n@example.com', passwordHash: 'x' },
    ])
    .returning();
  a = rows[0]!.id;
  b = rows[1]!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(notifications);
  await t.db.delete(mailOutbox);
  await t.db.delete(notificationPreferences);
});

describe('notifications', () => {
  it('uses the defaults until the customer chooses: the plain "order ended" notice is off', async () => {
    expect(await notify(t.db, { userId: a, kind: 'order_ended', params: { service: 'like', success: 3, total: 3 } })).toEqual({ notificationId: null, mailed: false });
    const r = await notify(t.db, { userId: a, kind: 'order_failed', params: { service: 'like', failed: 1, total: 3, refund: '$0.10' }, link: '/panel' });
    expect(r.mailed).toBe(true);
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: 'ayse-n@example.com', subject: 'Bei Ihrer Bestellung sind Profile fehlgeschlagen' });
    expect(mail!.text).toContain('1 von 3 Profilen');
    expect(mail!.text).toContain('/de/panel');
    expect(mail!.html).toContain('/de/unsubscribe?u=');
  });

  it('follows the customer’s choice per category and channel', async () => {
    await updatePreferences(t.db, a, { channels: { order_ended: { inApp: true }, payment_receipt: { email: false } }, lowBalanceCents: 500 });
    const prefs = await getPreferences(t.db, a);
    expect(prefs.channels.order_ended).toEqual({ inApp: true, email: false });
    expect(prefs.channels.payment_receipt).toEqual({ inApp: true, email: false });
    expect(prefs.channels.ticket_answered).toEqual({ inApp: true, email: true });
    expect(prefs.lowBalanceCents).toBe(500);
    await notify(t.db, { userId: a, kind: 'order_ended', params: { service: 'like', success: 3, total: 3 } });
    await notify(t.db, { userId: a, kind: 'payment_receipt', params: { amount: '$10.00', what: 'balance' } });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, a))).toHaveLength(2);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('lists and marks read only the caller’s own notifications', async () => {
    const mine = await notify(t.db, { userId: a, kind: 'ticket_answered', params: { id: 1, subject: 's', message: 'm' } });
    await notify(t.db, { userId: b, kind: 'ticket_answered', params: { id: 2, subject: 's', message: 'm' } });
    expect((await listNotifications(t.db, b)).notifications.map((n) => n.id)).not.toContain(mine.notificationId);
    // B naming A's notification marks nothing.
    expect(await markNotificationsRead(t.db, b, { ids: [mine.notificationId!] })).toEqual({ unread: 1 });
    expect((await listNotifications(t.db, a)).unread).toBe(1);
    expect(await markNotificationsRead(t.db, a, { all: true })).toEqual({ unread: 0 });
    expect((await listNotifications(t.db, a)).notifications[0]).toMatchObject({ kind: 'ticket_answered', read: true });
  });

  it('turns a category’s mails off through the signed link, idempotently, and refuses a forged one', async () => {
    const s = await unsubscribeSignature(t.db, a, 'ticket_answered');
    for (let i = 0; i < 2; i++) {
      const res = await call(unsubscribeRoute, { body: { u: a, c: 'ticket_answered', s } });
      expect(res.status).toBe(200);
    }
    expect((await getPreferences(t.db, a)).channels.ticket_answered).toEqual({ inApp: true, email: false });
    // The same signature does not fit another user or another category.
    expect((await call(unsubscribeRoute, { body: { u: b, c: 'ticket_answered', s } })).body.code).toBe('UNSUBSCRIBE_LINK_INVALID');
    expect((await call(unsubscribeRoute, { body: { u: a, c: 'announcement', s } })).status).toBe(400);
    expect((await getPreferences(t.db, b)).channels.ticket_answered.email).toBe(true);
  });
});
