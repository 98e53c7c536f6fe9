import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { orderDayFigures, orderDays, orders, payments, profiles, subscriptionDays, userPackages, users, verificationChecks } from '@/db/schema';
import { env } from '@/env';
import { signToken } from '@/lib/domain/credentials';
import { endOfLocalDay, lastLocalDays } from '@/lib/infra/time';
import { GET } from '@/app/api/admin/analytics/route';
import { getAnalytics } from './index';
import { SETTLED_AFTER_MS } from './day-figures';

const t = setupTestDb({ asAppDb: true });
let adminToken: string;
let userToken: string;
const now = new Date();
const days = lastLocalDays(now, env.APP_TIMEZONE, 7);
/** Two hours before the end of the i-th of the last seven local days. */
const at = (i: number) => new Date(endOfLocalDay(days[i]!, env.APP_TIMEZONE).getTime() - 2 * 3600_000);
const ids: { a?: number; b?: number; c?: number } = {};

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(t.db, admin!, 'admin');
  const made = await t.db
    .insert(users)
    .values([
      { adSoyad: 'Ayla', email: 'ayla@example.com', passwordHash: 'x', createdAt: at(1) },
      { adSoyad: 'Bora', email: 'bora@example.com', passwordHash: 'x', createdAt: at(5) },
      { adSoyad: 'Cem', email: 'cem@example.com', passwordHash: 'x', createdAt: new Date(now.getTime() - 40 * 86_400_000) },
    ])
    .returning();
  [ids.a, ids.b, ids.c] = made.map((u) => u.id);
  userToken = await signToken(t.db, made[0]!, 'user');
  await t.db.insert(payments).values([
    { intentId: 'pi_a', provider: 'test', userId: ids.a!, kind: 'balance', amountCents: 1000, status: 'succeeded', creditedAt: at(1) },
    { intentId: 'pi_b', provider: 'test', userId: ids.b!, kind: 'balance', amountCents: 2500, status: 'succeeded', creditedAt: at(5) },
    { intentId: 'pi_b2', provider: 'test', userId: ids.b!, kind: 'balance', amountCents: 500, status: 'failed', createdAt: at(5) },
  ]);
  const order = (userId: number, day: number, platform: 'twitter' | 'instagram', service: string, status: 'completed' | 'partial' | 'failed' | 'pending', success: number, count: number) => ({
    userId,
    platform,
    service,
    profileIds: [],
    profileCount: count,
    successCount: success,
    status,
    createdAt: at(day),
  });
  await t.db.insert(orders).values([
    order(ids.a!, 2, 'twitter', 'like', 'completed', 3, 3),
    order(ids.a!, 2, 'twitter', 'like', 'partial', 1, 3),
    order(ids.b!, 3, 'instagram', 'reels_like', 'failed', 0, 2),
    order(ids.b!, 6, 'twitter', 'retweet', 'pending', 0, 1),
  ]);
  const [pkg] = await insertPackages(t.db, [{ ad: 'P', prices: { instagram: 100, twitter: 100, youtube: 100 }, gunlukLimit: 5, profilLimit: 5 }]);
  const sub = { packageId: pkg!.id, paketAdi: 'P', gunlukLimit: 5, profilLimit: 5, endsAt: new Date(now.getTime() + 20 * 86_400_000) };
  await t.db.insert(userPackages).values([
    { ...sub, userId: ids.a!, platform: 'twitter', startsAt: new Date(now.getTime() - 10 * 86_400_000) },
    { ...sub, userId: ids.b!, platform: 'twitter', startsAt: at(4) },
    // Cancelled after the end of day 2: in force on days 0–2 only.
    { ...sub, userId: ids.c!, platform: 'twitter', startsAt: new Date(now.getTime() - 10 * 86_400_000), status: 'cancelled', cancelledAt: new Date(at(2).getTime() + 3 * 3600_000) },
  ]);
  await t.db.insert(profiles).values([
    { platform: 'twitter', providerId: 'p1', username: 'a' },
    { platform: 'twitter', providerId: 'p2', username: 'b', status: 'quarantined' },
    { platform: 'youtube', providerId: 'p3', username: 'c', status: 'inactive' },
  ]);
});

describe('business analytics', () => {
  it('answers the daily series, success rates, top customers and the profile pool from the database', async () => {
    const a = await getAnalytics(t.db, 7, now);
    expect(a).toMatchObject({ days: 7, from: days[0], to: days[6] });
    expect(a.series.map((d) => d.day)).toEqual(days);
    expect(a.series.map((d) => d.revenue_cents)).toEqual([0, 1000, 0, 0, 0, 2500, 0]);
    expect(a.series[2]!.orders).toEqual({ completed: 1, partial: 1, failed: 0, cancelled: 0, waiting: 0 });
    expect(a.series[3]!.orders.failed).toBe(1);
    expect(a.series[6]!.orders.waiting).toBe(1);
    expect(a.series.map((d) => d.new_customers)).toEqual([0, 1, 0, 0, 0, 1, 0]);
    expect(a.series.map((d) => d.active_subscriptions)).toEqual([2, 2, 2, 1, 2, 2, 2]);
    // Platforms in their catalogue order (twitter, instagram, youtube).
    expect(a.success_rates).toEqual([
      { platform: 'twitter', service: 'like', success: 4, total: 6, rate: 67, kept_rate: { d7: null, d30: null } },
      { platform: 'instagram', service: 'reels_like', success: 0, total: 2, rate: 0, kept_rate: { d7: null, d30: null } },
    ]);
    expect(a.top_customers).toEqual([
      { user_id: ids.b, name: 'Bora', email: 'bora@example.com', spent_cents: 2500, payments: 1 },
      { user_id: ids.a, name: 'Ayla', email: 'ayla@example.com', spent_cents: 1000, payments: 1 },
    ]);
    expect(a.profile_pool).toEqual([
      { platform: 'twitter', active: 1, quarantined: 1, disabled: 0, inactive: 0 },
      { platform: 'youtube', active: 0, quarantined: 0, disabled: 0, inactive: 1 },
    ]);
    expect(a.totals).toEqual({ revenue_cents: 3500, orders: 4, new_customers: 2 });
    expect((await getAnalytics(t.db, 90, now)).totals.new_customers).toBe(3);
  });

  it('gives each service its kept rate at 7 and 30 days from the re-checks (issue #38 item 3)', async () => {
    const [like] = await t.db.select({ id: orders.id, profileIds: orders.profileIds }).from(orders).where(eq(orders.service, 'like')).limit(1);
    const at = new Date();
    await t.db.insert(verificationChecks).values([
      { orderId: like!.id, profileId: 1, afterMinutes: 1440, dueAt: at, state: 'kept', checkedAt: at },
      { orderId: like!.id, profileId: 1, afterMinutes: 10080, dueAt: at, state: 'undone', checkedAt: at },
      { orderId: like!.id, profileId: 1, afterMinutes: 43200, dueAt: at, state: 'kept', checkedAt: at },
      { orderId: like!.id, profileId: 2, afterMinutes: 43200, dueAt: at, state: 'unknown', checkedAt: at },
    ]);
    const a = await getAnalytics(t.db, 7);
    expect(a.success_rates.find((r) => r.service === 'like')!.kept_rate).toEqual({ d7: 0.5, d30: 1 });
    await t.db.delete(verificationChecks);
  });

  it('serves it to admins only, for 7, 30 or 90 days', async () => {
    const res = await call(GET, { token: adminToken, path: '/api/admin/analytics?days=30' });
    expect(res.status).toBe(200);
    expect((res.body.analytics as { series: unknown[] }).series).toHaveLength(30);
    expect((await call(GET, { token: adminToken, path: '/api/admin/analytics' })).body.analytics).toMatchObject({ days: 30 });
    expect((await call(GET, { token: adminToken, path: '/api/admin/analytics?days=12' })).status).toBe(400);
    expect((await call(GET, { token: userToken, path: '/api/admin/analytics?days=7' })).status).toBe(403);
  });
});

describe('the settled days, counted once and kept (issue #35)', () => {
  const live = async (tz: string, list: string[]) => {
    // What the orders say now, counted without the kept days.
    const rows = (await t.db.execute(sql`
      select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*)::int as n,
             coalesce(sum(success_count) filter (where status in ('completed', 'partial', 'failed')), 0)::int as s
        from orders group by 1`)) as unknown as { rows?: { day: string; n: number; s: number }[] };
    const byDay = new Map((rows.rows ?? (rows as unknown as { day: string; n: number; s: number }[])).map((r) => [r.day, r]));
    return list.map((d) => [byDay.get(d)?.n ?? 0, byDay.get(d)?.s ?? 0]);
  };
  const fromAnalytics = (a: Awaited<ReturnType<typeof getAnalytics>>) =>
    a.series.map((d) => [Object.values(d.orders).reduce((x, y) => x + y, 0)]);

  it('keeps the days that ended three days ago, and reads them back as the orders say', async () => {
    const a = await getAnalytics(t.db, 7, now);
    const kept = await t.db.select().from(orderDays).where(eq(orderDays.tz, env.APP_TIMEZONE));
    const settled = days.filter((d) => endOfLocalDay(d, env.APP_TIMEZONE).getTime() < now.getTime() - SETTLED_AFTER_MS);
    expect(settled.length).toBeGreaterThanOrEqual(3);
    expect(kept.map((k) => k.day).filter((d) => days.includes(d)).sort()).toEqual(settled);
    // The second read comes from the kept figures and says the same.
    const again = await getAnalytics(t.db, 7, now);
    expect(again.series).toEqual(a.series);
    expect(again.success_rates).toEqual(a.success_rates);
    expect(fromAnalytics(again)).toEqual((await live(env.APP_TIMEZONE, days)).map(([n]) => [n]));
  });

  it('forgets a kept day when one of its orders changes, is added or deleted, and counts it again', async () => {
    await getAnalytics(t.db, 7, now);
    const [old] = await t.db.select().from(orders).where(and(eq(orders.status, 'partial'), eq(orders.userId, ids.a!)));
    // The partial order of day 2 is completed with every profile (a late result, a redo).
    await t.db.update(orders).set({ status: 'completed', successCount: 3 }).where(eq(orders.id, old!.id));
    const after = await getAnalytics(t.db, 7, now);
    expect(after.series[2]!.orders).toEqual({ completed: 2, partial: 0, failed: 0, cancelled: 0, waiting: 0 });
    expect(after.success_rates.find((r) => r.service === 'like')).toMatchObject({ success: 6, total: 6, rate: 100 });
    // An order dated on a kept day (an import), then deleted.
    const [added] = await t.db
      .insert(orders)
      .values({ userId: ids.b!, platform: 'twitter', service: 'like', profileIds: [], profileCount: 2, successCount: 0, status: 'failed', createdAt: at(1) })
      .returning();
    expect((await getAnalytics(t.db, 7, now)).series[1]!.orders.failed).toBe(1);
    await t.db.delete(orders).where(eq(orders.id, added!.id));
    const end = await getAnalytics(t.db, 7, now);
    expect(end.series[1]!.orders.failed).toBe(0);
    expect(fromAnalytics(end)).toEqual((await live(env.APP_TIMEZONE, days)).map(([n]) => [n]));
    await t.db.update(orders).set({ status: 'partial', successCount: 1 }).where(eq(orders.id, old!.id));
  });

  it('writes nothing there when a recent order is sent or ends (the send path)', async () => {
    await getAnalytics(t.db, 7, now);
    const before = await t.db.select().from(orderDays);
    const [fresh] = await t.db.insert(orders).values({ userId: ids.a!, platform: 'twitter', service: 'like', profileIds: [], profileCount: 1, status: 'pending' }).returning();
    await t.db.update(orders).set({ status: 'completed', successCount: 1 }).where(eq(orders.id, fresh!.id));
    expect(await t.db.select().from(orderDays)).toEqual(before);
    expect(await t.db.select().from(orderDayFigures).where(eq(orderDayFigures.day, days[6]!))).toEqual([]);
    await t.db.delete(orders).where(eq(orders.id, fresh!.id));
  });
});

describe('the subscriptions in force of settled days, counted once and kept (issue #35)', () => {
  const series = async () => (await getAnalytics(t.db, 7, now)).series.map((d) => d.active_subscriptions);

  it('keeps the settled days’ counts and reads them back the same', async () => {
    await t.db.delete(subscriptionDays);
    const first = await series();
    expect(first).toEqual([2, 2, 2, 1, 2, 2, 2]);
    const kept = await t.db.select().from(subscriptionDays).where(eq(subscriptionDays.tz, env.APP_TIMEZONE));
    const settled = days.filter((d) => endOfLocalDay(d, env.APP_TIMEZONE).getTime() < now.getTime() - SETTLED_AFTER_MS);
    expect(kept.map((k) => k.day).filter((d) => days.includes(d)).sort()).toEqual(settled);
    expect(await series()).toEqual(first);
  });

  it('forgets them when a change reaches back (a backdated start, a cancellation dated in the past) and counts again', async () => {
    await series();
    const [pkg] = await t.db.select().from(userPackages).where(eq(userPackages.userId, ids.b!));
    // Bora's subscription, started on day 4, is moved to start on day 1.
    await t.db.update(userPackages).set({ startsAt: at(1) }).where(eq(userPackages.id, pkg!.id));
    expect(await series()).toEqual([2, 3, 3, 2, 2, 2, 2]);
    // A subscription sold backdated to day 0 and cancelled on day 2 (in force at the ends of days 0 and 1).
    const { id: _id, ...copy } = pkg!;
    const [added] = await t.db
      .insert(userPackages)
      .values({ ...copy, userId: ids.c!, startsAt: at(0), endsAt: new Date(at(2).getTime() + 3_600_000), status: 'cancelled', cancelledAt: new Date(at(2).getTime() + 3_600_000) })
      .returning();
    expect(await series()).toEqual([3, 4, 3, 2, 2, 2, 2]);
    await t.db.delete(userPackages).where(eq(userPackages.id, added!.id));
    await t.db.update(userPackages).set({ startsAt: pkg!.startsAt }).where(eq(userPackages.id, pkg!.id));
    expect(await series()).toEqual([2, 2, 2, 1, 2, 2, 2]);
  });

  it('forgets nothing when a subscription is sold, cancelled or extended now', async () => {
    await series();
    const before = await t.db.select().from(subscriptionDays);
    const [pkg] = await t.db.select().from(userPackages).where(eq(userPackages.userId, ids.a!));
    await t.db.update(userPackages).set({ endsAt: new Date(now.getTime() + 40 * 86_400_000) }).where(eq(userPackages.id, pkg!.id));
    await t.db.update(userPackages).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(userPackages.id, pkg!.id));
    expect(await t.db.select().from(subscriptionDays)).toEqual(before);
    await t.db.update(userPackages).set({ status: 'active', cancelledAt: null, endsAt: pkg!.endsAt }).where(eq(userPackages.id, pkg!.id));
    expect(await series()).toEqual([2, 2, 2, 1, 2, 2, 2]);
  });
});
