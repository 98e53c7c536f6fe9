import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { usageCounters, userPackages } from '@/db/schema';
import { env } from '@/env';
import * as assign from './route';
import * as ofUser from './[id]/route';
import * as reset from './[id]/reset-limits/route';
import * as cancel from './[id]/cancel/route';

const f = setupAdmin();
let pkg: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  pkg = await f.makePackage({ ad: 'Başlangıç', gunlukLimit: 10, profilLimit: 5 });
});

type Sub = { id: number; platform: string; bitis_tarihi: string; baslangic_tarihi: string; uzatildi?: boolean };
const assignTo = (userId: number, platform: unknown, extra: object = {}) =>
  call(assign.POST, { token: f.adminToken, body: { kullanici_id: userId, paket_id: pkg, platform, ...extra } });

describe('POST /api/kullanici-paketleri', () => {
  it('creates one 30-day subscription per platform of a comma-joined list', async () => {
    const u = await f.makeUser();
    const res = await assignTo(u.id, 'twitter,youtube');
    expect(res.status).toBe(201);
    const subs = res.body.kullanici_paketleri as Sub[];
    expect(subs.map((s) => s.platform)).toEqual(['twitter', 'youtube']);
    const length = new Date(subs[0]!.bitis_tarihi).getTime() - new Date(subs[0]!.baslangic_tarihi).getTime();
    expect(length).toBe(30 * DAY);
    expect(Math.abs(new Date(subs[0]!.baslangic_tarihi).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('extends a platform that already runs instead of adding a second subscription', async () => {
    const u = await f.makeUser();
    const first = (await assignTo(u.id, 'twitter')).body.kullanici_paketleri as Sub[];
    const again = (await assignTo(u.id, ['twitter', 'instagram'])).body.kullanici_paketleri as Sub[];
    const tw = again.find((s) => s.platform === 'twitter')!;
    expect(tw.id).toBe(first[0]!.id);
    expect(tw.uzatildi).toBe(true);
    expect(new Date(tw.bitis_tarihi).getTime() - new Date(first[0]!.bitis_tarihi).getTime()).toBe(30 * DAY);
    const rows = await f.t.db.select().from(userPackages).where(and(eq(userPackages.userId, u.id), eq(userPackages.platform, 'twitter')));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty platform list with the §5 message, in each language', async () => {
    const u = await f.makeUser();
    expect((await assignTo(u.id, '')).body.mesaj).toBe('Lütfen en az bir platform seçin!');
    const en = await call(assign.POST, { token: f.adminToken, body: { kullanici_id: u.id, paket_id: pkg, platform: [] }, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(400);
    expect(en.body.mesaj).toBe('Please select at least one platform!');
  });

  it('refuses an unknown platform, an unknown user and a deleted package', async () => {
    const u = await f.makeUser();
    expect((await assignTo(u.id, 'myspace')).status).toBe(400);
    expect((await assignTo(999999, 'twitter')).body.code).toBe('USER_NOT_FOUND');
    const gone = await f.makePackage({ deletedAt: new Date() });
    const res = await call(assign.POST, { token: f.adminToken, body: { kullanici_id: u.id, paket_id: gone, platform: 'twitter' } });
    expect(res.body.code).toBe('PACKAGE_NOT_FOUND');
  });

  it('honours explicit start and end dates', async () => {
    const u = await f.makeUser();
    const res = await assignTo(u.id, 'instagram', { baslangic_tarihi: '2030-01-01T00:00:00.000Z', bitis_tarihi: '2030-01-11T00:00:00.000Z' });
    const [s] = res.body.kullanici_paketleri as Sub[];
    expect([s!.baslangic_tarihi, s!.bitis_tarihi]).toEqual(['2030-01-01T00:00:00.000Z', '2030-01-11T00:00:00.000Z']);
    const bad = await assignTo(u.id, 'youtube', { baslangic_tarihi: '2030-01-11', bitis_tarihi: '2030-01-01' });
    expect(bad.body.code).toBe('INVALID_PERIOD');
  });
});

describe('PUT /api/kullanici-paketleri/{id}/reset-limits', () => {
  it('sets today’s usage of that platform’s services to zero and leaves other platforms and days alone', async () => {
    const u = await f.makeUser();
    const [tw] = (await assignTo(u.id, 'twitter,instagram')).body.kullanici_paketleri as Sub[];
    const today = sql`(now() at time zone ${env.APP_TIMEZONE})::date`;
    const yesterday = sql`((now() at time zone ${env.APP_TIMEZONE})::date - 1)`;
    await f.t.db.insert(usageCounters).values([
      { userId: u.id, service: 'like', day: today as never, count: 7 },
      { userId: u.id, service: 'retweet', day: today as never, count: 3 },
      { userId: u.id, service: 'like', day: yesterday as never, count: 9 },
      { userId: u.id, service: 'reels_like', day: today as never, count: 4 },
    ]);
    const res = await call(reset.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(tw!.id) } });
    expect(res.status).toBe(200);
    expect(res.body.sifirlanan).toEqual({ like: 7, retweet: 3 });
    const rows = await f.t.db.select().from(usageCounters).where(eq(usageCounters.userId, u.id));
    const byKey = Object.fromEntries(rows.map((r) => [`${r.service}:${r.count}`, true]));
    expect(Object.keys(byKey).sort()).toEqual(['like:0', 'like:9', 'reels_like:4', 'retweet:0']);
    const [sub] = await f.t.db.select().from(userPackages).where(eq(userPackages.id, tw!.id));
    expect(sub!.status).toBe('active');
    const [audit] = await f.auditOf('subscription.reset_limits');
    expect(audit).toMatchObject({ actorId: f.adminId, entityId: String(tw!.id) });
  });

  it('answers 404 for an unknown subscription', async () => {
    const res = await call(reset.PUT, { method: 'PUT', token: f.adminToken, params: { id: '999999' } });
    expect(res.body.code).toBe('SUBSCRIPTION_NOT_FOUND');
  });
});

describe('PUT /api/kullanici-paketleri/{id}/cancel', () => {
  it('cancels a subscription, which leaves the user’s list; a second cancel is refused', async () => {
    const u = await f.makeUser();
    const [tw] = (await assignTo(u.id, 'twitter,youtube')).body.kullanici_paketleri as Sub[];
    const res = await call(cancel.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(tw!.id) } });
    expect(res.status).toBe(200);
    const listed = await call(ofUser.GET, { token: f.adminToken, params: { id: String(u.id) } });
    expect((listed.body.kullanici_paketleri as Sub[]).map((s) => s.platform)).toEqual(['youtube']);
    const twice = await call(cancel.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(tw!.id) } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('SUBSCRIPTION_NOT_ACTIVE');
    // A new assignment after a cancellation starts a fresh subscription.
    const again = (await assignTo(u.id, 'twitter')).body.kullanici_paketleri as Sub[];
    expect(again[0]!.id).not.toBe(tw!.id);
    expect(again[0]!.uzatildi).toBe(false);
  });
});
