import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { balanceLedger, orders, profiles, servicePrices, usageCounters } from '@/db/schema';
import { call } from '@/test/http';
import { installAsAppDb, onPostgres } from '@/test/fixtures/db';
import { setupWorld, freshUrl, makeUser } from '@/test/fixtures/world';
import { POST as createCrew } from '@/app/api/crews/route';
import { POST as bulk } from './route';

/*
 * Issue #36 item 5: bulk orders. The body is all or nothing (a bad line refuses the request and
 * names its line; nothing is sent); then each line is an ordinary order, refused alone by the
 * send's own rules; the daily limit counts every accepted line exactly, also under parallel bulk
 * orders (PostgreSQL).
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 1000, profilLimit: 50 } };

beforeAll(() => installAsAppDb(w.t), 120_000);

async function ids(n: number, offset = 0) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

type Line = { line: number; target: string; status: 'accepted' | 'refused'; order_number?: number; task_id?: string; code?: string; mesaj?: string };

async function ordersOf(userId: number) {
  return w.t.db.select().from(orders).where(eq(orders.userId, userId));
}

describe('bulk orders: the body, all or nothing', () => {
  it('refuses 101 targets, an empty line, a bad link and a duplicate, naming the line, and sends nothing', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    const profileIds = await ids(2);
    const many = Array.from({ length: 101 }, () => freshUrl('tweet'));
    const tooMany = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: many } });
    expect([tooMany.status, tooMany.body.code, tooMany.body.max, tooMany.body.count]).toEqual([400, 'BULK_TOO_MANY', 100, 101]);

    const good = [freshUrl('tweet'), freshUrl('tweet')];
    const empty = await call(bulk, { token, path: '/api/orders/bulk?lng=en', body: { service: 'like', profile_ids: profileIds, targets: [good[0], '  ', good[1]] } });
    expect([empty.status, empty.body.code, empty.body.line]).toEqual([400, 'BULK_LINE_EMPTY', 2]);
    expect(empty.body.mesaj).toBe('Line 2 is empty. Remove empty lines.');

    const bad = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: [good[0], 'https://www.instagram.com/reel/C8abcdEFgh1/', 'nonsense'] } });
    expect([bad.status, bad.body.code, bad.body.line]).toEqual([400, 'BULK_LINE_INVALID', 2]);
    expect(bad.body.lines).toEqual([
      { line: 2, code: 'BULK_LINE_INVALID' },
      { line: 3, code: 'BULK_LINE_INVALID' },
    ]);

    const twice = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: [good[0], good[1], ` ${good[0]} `] } });
    expect([twice.status, twice.body.code, twice.body.line, twice.body.first]).toEqual([400, 'BULK_LINE_DUPLICATE', 3, 1]);

    const nul = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: [good[0], 'https://x.com/a/status/1\u0000'] } });
    expect(nul.status).toBe(400);
    const neither = await call(bulk, { token, body: { service: 'like', targets: good } });
    expect([neither.status, neither.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const text = await call(bulk, { token, body: { service: 'new_tweet', profile_ids: profileIds, targets: good } });
    expect([text.status, text.body.code]).toEqual([400, 'BULK_SERVICE_UNSUPPORTED']);

    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('makes one ordinary order per line with one bulk id, waiving the cooldown between lines and counting each line', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    await w.t.db.execute(sql`update site_settings set cooldown_seconds = 600 where id = 1`);
    try {
      const profileIds = await ids(3);
      const targets = [freshUrl('tweet'), freshUrl('tweet'), freshUrl('tweet')];
      const res = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets, spread_minutes: 15 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ accepted: 3, refused: 0 });
      const lines = res.body.lines as Line[];
      expect(lines.map((l) => [l.line, l.target, l.status])).toEqual(targets.map((t, i) => [i + 1, t, 'accepted']));
      const rows = await ordersOf(user.id);
      expect(rows.length).toBe(3);
      expect(new Set(rows.map((r) => r.bulkId))).toEqual(new Set([res.body.bulk_id]));
      expect(rows.map((r) => r.number).sort()).toEqual(lines.map((l) => l.order_number).sort());
      expect(rows.every((r) => r.spreadMinutes === 15 && r.profileCount === 3)).toBe(true);
      const [use] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'like')));
      expect(use!.count).toBe(3);

      // The cooldown still stands between this bulk order and the next send.
      const next = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: [freshUrl('tweet')] } });
      expect([next.status, next.body.code]).toEqual([429, 'COOLDOWN_ACTIVE']);
    } finally {
      await w.t.db.execute(sql`update site_settings set cooldown_seconds = 0 where id = 1`);
    }
  });

  it('refuses a line the send refuses alone (a profile already on that target) and accepts the others', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    const profileIds = await ids(2, 5);
    const done = freshUrl('tweet');
    expect((await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets: [done] } })).body.accepted).toBe(1);
    const targets = [freshUrl('tweet'), done, freshUrl('tweet')];
    const res = await call(bulk, { token, body: { service: 'like', profile_ids: profileIds, targets } });
    const lines = res.body.lines as Line[];
    expect(lines.map((l) => [l.status, l.code])).toEqual([
      ['accepted', undefined],
      ['refused', 'ALREADY_DONE'],
      ['accepted', undefined],
    ]);
    expect(lines[1]!.mesaj).toBeTruthy();
    expect((await ordersOf(user.id)).length).toBe(3);
  });

  it('takes a crew’s active profiles and skips the others', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    const crewIds = await ids(3, 30);
    const made = await call(createCrew, { token, body: { platform: 'twitter', name: 'Bulk crew', profile_ids: crewIds } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const crew = made.body.crew as { id: number };
    await w.t.db.update(profiles).set({ status: 'inactive' }).where(eq(profiles.id, crewIds[1]!));
    try {
      const res = await call(bulk, { token, body: { service: 'like', crew_id: crew.id, targets: [freshUrl('tweet'), freshUrl('tweet')] } });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ accepted: 2 });
      for (const row of await ordersOf(user.id)) {
        expect(row.profileIds).toEqual([crewIds[0], crewIds[2]]);
        expect(row.crewId).toBe(crew.id);
      }
    } finally {
      await w.t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, crewIds[1]!));
    }
  });

  it('refuses the whole request for what holds for every line (no package, another platform’s crew), writing nothing', async () => {
    const none = await makeUser(w.t, {});
    const noPackage = await call(bulk, { token: none.token, body: { service: 'like', profile_ids: await ids(2), targets: [freshUrl('tweet'), freshUrl('tweet')] } });
    expect([noPackage.status, noPackage.body.code]).toEqual([403, 'NO_PACKAGE']);
    expect(await ordersOf(none.user.id)).toEqual([]);

    const { token, user } = await makeUser(w.t, { packages: PKG });
    const [ig] = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'instagram'), eq(profiles.status, 'active'))).limit(1);
    const made = await call(createCrew, { token, body: { platform: 'instagram', name: 'Reels', profile_ids: [ig!.id] } });
    const otherPlatform = await call(bulk, { token, body: { service: 'like', crew_id: (made.body.crew as { id: number }).id, targets: [freshUrl('tweet')] } });
    expect([otherPlatform.status, otherPlatform.body.code]).toEqual([400, 'CREW_OTHER_PLATFORM']);
    const scheduled = await call(bulk, { token, body: { service: 'like', profile_ids: await ids(2), targets: [freshUrl('tweet')], start_at: '2001-01-01T00:00:00Z' } });
    expect([scheduled.status, scheduled.body.code]).toEqual([400, 'START_AT_INVALID']);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('schedules every line when start_at is given', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    const startAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const res = await call(bulk, { token, body: { service: 'like', profile_ids: await ids(2, 3), targets: [freshUrl('tweet'), freshUrl('tweet')], start_at: startAt } });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ accepted: 2 });
    const rows = await ordersOf(user.id);
    expect(rows.map((r) => [r.status, r.startAt?.toISOString()])).toEqual([
      ['scheduled', startAt],
      ['scheduled', startAt],
    ]);
  });

  it('stops at the daily limit: the lines past it are refused DAILY_LIMIT_EXCEEDED', async () => {
    const { token, user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 2, profilLimit: 5 } } });
    const res = await call(bulk, { token, body: { service: 'like', profile_ids: await ids(2), targets: [freshUrl('tweet'), freshUrl('tweet'), freshUrl('tweet')] } });
    expect((res.body.lines as Line[]).map((l) => l.code ?? l.status)).toEqual(['accepted', 'accepted', 'DAILY_LIMIT_EXCEEDED']);
    expect((await ordersOf(user.id)).length).toBe(2);
  });
});

describe.runIf(onPostgres())('bulk orders in parallel on PostgreSQL', () => {
  it('never goes over one daily limit, and counts and charges each accepted line once', async () => {
    const LIMIT = 7;
    const { token, user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: LIMIT, profilLimit: 5 } } });
    const profileIds = await ids(2, 10);
    const bodies = Array.from({ length: 4 }, () => ({ service: 'like', profile_ids: profileIds, targets: Array.from({ length: 5 }, () => freshUrl('tweet')) }));
    const answers = await Promise.all(bodies.map((body) => call(bulk, { token, body })));
    const lines = answers.flatMap((a) => a.body.lines as Line[]);
    expect(lines.filter((l) => l.status === 'accepted').length).toBe(LIMIT);
    expect(lines.filter((l) => l.status === 'refused').every((l) => l.code === 'DAILY_LIMIT_EXCEEDED')).toBe(true);
    expect((await ordersOf(user.id)).length).toBe(LIMIT);
    const [use] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'like')));
    expect(use!.count).toBe(LIMIT);
  });

  it('charges each paid line exactly once under parallel bulk orders past the balance', async () => {
    // Pay per action: 10 cents a profile, no package; a balance for 9 lines of 2 profiles.
    await w.t.db.insert(servicePrices).values({ service: 'retweet', platform: 'twitter', priceCents: 10, maxProfiles: 10, enabled: true }).onConflictDoUpdate({ target: servicePrices.service, set: { priceCents: 10, maxProfiles: 10, enabled: true } });
    try {
      const { token, user } = await makeUser(w.t, { bakiyeCents: 180 });
      const profileIds = await ids(2, 20);
      const bodies = Array.from({ length: 3 }, () => ({ service: 'retweet', profile_ids: profileIds, targets: Array.from({ length: 5 }, () => freshUrl('tweet')) }));
      const answers = await Promise.all(bodies.map((body) => call(bulk, { token, body })));
      const lines = answers.flatMap((a) => a.body.lines as Line[]);
      const accepted = lines.filter((l) => l.status === 'accepted');
      expect(accepted.length).toBe(9);
      expect(lines.filter((l) => l.status === 'refused').map((l) => l.code)).toEqual(Array(6).fill('INSUFFICIENT_BALANCE'));
      const rows = await ordersOf(user.id);
      expect(rows.length).toBe(9);
      const debits = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, user.id), sql`${balanceLedger.amountCents} < 0`));
      expect(debits.length).toBe(9);
      expect(new Set(debits.map((d) => d.orderId)).size).toBe(9);
      expect(debits.reduce((s, d) => s + d.amountCents, 0)).toBe(-180);
    } finally {
      await w.t.db.update(servicePrices).set({ enabled: false }).where(eq(servicePrices.service, 'retweet'));
    }
  });
});
