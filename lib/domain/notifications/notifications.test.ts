import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { call } from '@/test/http';
import { announcements, mailOutbox, notificationMarks, notificationPreferences, notifications, orders, userPackages, users } from '@/db/schema';
import { createAnnouncement, updateAnnouncement } from '@/lib/domain/announcements';
import { finalizeOrder } from '@/lib/domain/operations/finalize-order';
import { POST as unsubscribeRoute } from '@/app/api/notifications/unsubscribe/route';
import { checkLowBalance, getPreferences, listNotifications, markNotificationsRead, notify, notifyPackageExpiry, unsubscribeSignature, updatePreferences } from './index';

const t = setupTestDb({ asAppDb: true });
let a: number;
let b: number;

beforeAll(async () => {
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
beforeEach(async () => {
  await t.db.delete(notifications);
  await t.db.delete(mailOutbox);
  await t.db.delete(notificationPreferences);
  await t.db.delete(notificationMarks);
});

describe('notifications', () => {
  it('uses the defaults until the customer chooses: the plain "order ended" notice is off', async () => {
    expect(await notify(t.db, { userId: a, kind: 'order_ended', params: { service: 'like', success: 3, total: 3 } })).toEqual({ notificationId: null, mailed: false });
    const r = await notify(t.db, { userId: a, kind: 'order_failed', params: { service: 'like', failed: 1, total: 3, refundCents: 10 }, link: '/panel' });
    expect(r.mailed).toBe(true);
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: 'ayse-n@example.com', subject: 'Bei Ihrer Bestellung sind Profile fehlgeschlagen' });
    expect(mail!.text).toContain('1 von 3 Profilen Ihrer Bestellung „Gefällt mir“ ist fehlgeschlagen');
    expect(mail!.text).toContain('0,10\u00a0$ wurde');
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
    await notify(t.db, { userId: a, kind: 'payment_receipt', params: { amountCents: 1000, paymentKind: 'balance' } });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, a))).toHaveLength(2);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('lists and marks read only the caller’s own notifications', async () => {
    const mine = await notify(t.db, { userId: a, kind: 'ticket_answered', params: { id: 1, subject: 's', message: 'm' } });
    await notify(t.db, { userId: b, kind: 'ticket_answered', params: { id: 2, subject: 's', message: 'm' } });
    expect((await listNotifications(t.db, b, 'tr')).notifications.map((n) => n.id)).not.toContain(mine.notificationId);
    // B naming A's notification marks nothing.
    expect(await markNotificationsRead(t.db, b, { ids: [mine.notificationId!] })).toEqual({ unread: 1 });
    expect((await listNotifications(t.db, a, 'de')).unread).toBe(1);
    expect(await markNotificationsRead(t.db, a, { all: true })).toEqual({ unread: 0 });
    expect((await listNotifications(t.db, a, 'de')).notifications[0]).toMatchObject({ kind: 'ticket_answered', read: true });
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

  it('tells the customer once per dip below their balance threshold', async () => {
    await checkLowBalance(t.db, a, 100);
    expect(await t.db.select().from(notifications)).toHaveLength(0); // no threshold set
    await updatePreferences(t.db, a, { lowBalanceCents: 500 });
    await checkLowBalance(t.db, a, 400);
    await checkLowBalance(t.db, a, 300);
    expect(await t.db.select().from(notifications).where(eq(notifications.kind, 'balance_low'))).toHaveLength(1);
    await checkLowBalance(t.db, a, 800);
    await checkLowBalance(t.db, a, 200);
    const notes = await t.db.select().from(notifications).where(eq(notifications.kind, 'balance_low'));
    expect(notes).toHaveLength(2);
    expect(notes[1]!.params).toEqual({ balanceCents: 200, thresholdCents: 500 });
  });

  it('tells of the failed profiles and the refund when an order ends partly failed', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: a,
        platform: 'twitter',
        service: 'new_tweet',
        profileIds: [11, 12, 13],
        profileCount: 3,
        priceCents: 300,
        profilePricesCents: { '11': 100, '12': 100, '13': 100 },
        status: 'processing',
      })
      .returning();
    await finalizeOrder(t.db, order!.id, { outcomes: new Map([[11, 'success'], [12, 'failed'], [13, 'success']]) });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, a));
    expect(note).toMatchObject({ kind: 'order_failed', params: { service: 'new_tweet', failed: 1, total: 3, refundCents: 100, order: order!.id } });
    expect(note!.link).toBe(`/panel/support?order=${order!.id}`);
    const [mail] = await t.db.select().from(mailOutbox);
    // Ayşe reads German: the service by its name and the refund through the money formatter.
    expect(mail!.text).toContain('1 von 3 Profilen Ihrer Bestellung „Neuer Tweet“');
    expect(mail!.text).toContain('1,00\u00a0$');
    expect(mail!.text).not.toContain('new_tweet');
  });

  it('warns of packages expiring within 3 days and of expired ones, once each, from the daily pass', async () => {
    const [pkg] = await insertPackages(t.db, [{ ad: 'Pro', prices: { instagram: 1, twitter: 1, youtube: 1 }, gunlukLimit: 5, profilLimit: 5 }]);
    const now = new Date('2026-11-23T09:00:00Z');
    const base = { packageId: pkg!.id, paketAdi: 'Pro', gunlukLimit: 5, profilLimit: 5, startsAt: new Date('2026-10-01T00:00:00Z') };
    await t.db.insert(userPackages).values([
      { ...base, userId: a, platform: 'twitter', endsAt: new Date('2026-11-25T09:00:00Z') },
      { ...base, userId: b, platform: 'instagram', endsAt: new Date('2026-11-22T20:00:00Z') },
      { ...base, userId: b, platform: 'youtube', endsAt: new Date('2026-12-20T00:00:00Z') },
    ]);
    expect(await notifyPackageExpiry(t.db, now)).toEqual({ expiring: 1, expired: 1 });
    expect(await notifyPackageExpiry(t.db, now)).toEqual({ expiring: 0, expired: 0 });
    const rows = await t.db.select().from(notifications);
    expect(rows.map((r) => [r.userId, r.kind]).sort()).toEqual([[a, 'package_expiring'], [b, 'package_expired']].sort());
    expect(rows.find((r) => r.kind === 'package_expiring')!.params).toMatchObject({ platform: 'twitter', package: 'Pro', date: expect.stringMatching(/^2026-11-2[45]$/) });
    await t.db.delete(userPackages);
  });

  it('brings a priority announcement to every customer once, by mail only to those who chose it', async () => {
    await updatePreferences(t.db, b, { channels: { announcement: { email: true } } });
    const admin = { id: a };
    const plain = await createAnnouncement(t.db, admin, { baslik: 'Bakım', icerik: 'x', baslik_en: 'Maintenance', icerik_en: 'x', oncelik: 0 });
    expect(await t.db.select().from(notifications)).toHaveLength(0);
    await updateAnnouncement(t.db, admin, plain.id, { baslik: 'Bakım', icerik: 'x', baslik_en: 'Maintenance', icerik_en: 'x', oncelik: 1 });
    await updateAnnouncement(t.db, admin, plain.id, { baslik: 'Bakım!', icerik: 'x', baslik_en: 'Maintenance!', icerik_en: 'x', oncelik: 1 });
    const rows = await t.db.select().from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual([a, b].sort());
    expect(rows.find((r) => r.userId === a)!.params).toMatchObject({ title: 'Maintenance' });
    expect(rows.find((r) => r.userId === b)!.params).toMatchObject({ title: 'Bakım' });
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to)).toEqual(['bora-n@example.com']);
    // Ayşe (a) reads German: the German title, or the English one when the German texts are not written (issue #15).
    await createAnnouncement(t.db, admin, { baslik: 'Yeni', icerik: 'x', baslik_en: 'New', icerik_en: 'x', baslik_de: 'Neu', icerik_de: 'x', oncelik: 1 });
    await createAnnouncement(t.db, admin, { baslik: 'Yeni 2', icerik: 'x', baslik_en: 'New 2', icerik_en: 'x', baslik_de: 'Neu 2', oncelik: 1 });
    const titles = (await t.db.select().from(notifications).where(eq(notifications.userId, a))).map((r) => (r.params as { title: string }).title);
    expect(titles).toEqual(expect.arrayContaining(['Neu', 'New 2']));
    expect(titles).not.toContain('Neu 2');
    await t.db.delete(announcements);
  });
});
