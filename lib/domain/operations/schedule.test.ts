import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { balanceLedger, orders, profiles, usageCounters, users } from '@/db/schema';
import { call } from '@/test/http';
import { getQueue, ORDERS_QUEUE } from '@/lib/infra/queue';
import { configureSim, simStats } from '@/lib/domain/provider/sim';
import { isAppError } from '@/lib/infra/errors';
import { signToken } from '@/lib/domain/credentials';
import { localDay } from '@/lib/infra/time';
import { env } from '@/env';
import { POST as cancelRoute } from '@/app/api/operations/[taskId]/cancel/route';
import { GET as getOperationRoute } from '@/app/api/operations/[taskId]/route';
import { profilePriceCents } from '@/lib/domain/pricing';
import { setupWorld, fastClient, makeUser, URLS } from '@/test/fixtures/world';
import { sendOperation } from './send-operation';
import { processOrder } from './process-order';
import { cancelOrder } from './cancel-order';
import { parseSchedule, planBatches, batchJobId, BATCH_GAP_MS } from './schedule';
import type { OperationUpdate } from './operation-update';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import { ledgerSum } from '@/test/fixtures/balance';

const like = sendHandler('like');

const w = setupWorld();
const ALL = { twitter: { gunlukLimit: 1000, profilLimit: 20 } };
const noEnqueue = async () => {};
const HOUR = 3600_000;

beforeEach(() => {
  configureSim({ reset: true, minDelayMs: 5, maxDelayMs: 20, failRate: 0 });
});

async function twitterIds(n: number, offset = 0) {
  const rows = await w.t.db
    .select({ id: profiles.id, followers: profiles.followersCount })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + n);
}
const orderRow = async (id: string) => (await w.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const usageOf = async (userId: number, day: string) =>
  (await w.t.db.select({ c: usageCounters.count }).from(usageCounters).where(and(eq(usageCounters.userId, userId), eq(usageCounters.service, 'like'), eq(usageCounters.day, day))))[0]?.c ?? 0;
async function money(userId: number) {
  const [u] = await w.t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  const refunds = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.reason, 'refund')));
  return { balance: u!.b, refunds: refunds.length };
}

describe('schedule input', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('reads start_at with a zone from now to 30 days ahead and spread_minutes 0–1440', () => {
    expect(parseSchedule({}, now)).toEqual({ startAt: null, spreadMinutes: 0 });
    expect(parseSchedule({ startAt: '2026-11-24T09:30:00+03:00', spreadMinutes: '60' }, now)).toEqual({ startAt: new Date('2026-11-24T06:30:00Z'), spreadMinutes: 60 });
    expect(parseSchedule({ startAt: '2026-12-23T11:59:00Z', spreadMinutes: 1440 }, now).spreadMinutes).toBe(1440);
    // A start a moment ago (the browser's clock) means now.
    expect(parseSchedule({ startAt: '2026-11-23T11:58:00Z' }, now).startAt).toBeNull();
  });
  it.each([
    [{ startAt: '2026-12-24T12:00:01Z' }, 'START_AT_INVALID'],
    [{ startAt: '2026-11-23T11:00:00Z' }, 'START_AT_INVALID'],
    [{ startAt: '2026-11-24T09:30' }, 'START_AT_INVALID'],
    [{ startAt: 'tomorrow' }, 'START_AT_INVALID'],
    [{ spreadMinutes: 1441 }, 'SPREAD_INVALID'],
    [{ spreadMinutes: -1 }, 'SPREAD_INVALID'],
    [{ spreadMinutes: 1.5 }, 'SPREAD_INVALID'],
    [{ spreadMinutes: '15m' }, 'SPREAD_INVALID'],
  ])('refuses %j with %s', (input, code) => {
    let caught: unknown;
    try {
      parseSchedule(input, now);
    } catch (err) {
      caught = err;
    }
    expect(isAppError(caught) && caught.code).toBe(code);
  });

  it('spreads every profile once at a moment inside the window, in batches of moments under a minute apart', () => {
    const start = new Date('2026-11-23T12:00:00Z');
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    const batches = planBatches(ids, start, 60);
    expect(batches.flatMap((b) => b.profile_ids).sort((a, b) => a - b)).toEqual(ids);
    const times = batches.map((b) => Date.parse(b.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(start.getTime());
      expect(t).toBeLessThan(start.getTime() + 60 * 60_000);
    }
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(BATCH_GAP_MS);
    expect(batches.length).toBeGreaterThan(20);
    expect(planBatches(ids, start, 0)).toEqual([]);
    expect(batchJobId('0b0c8f52-3c2c-4d59-9a0c-0f3f0e4b1c11', 2)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(batchJobId('0b0c8f52-3c2c-4d59-9a0c-0f3f0e4b1c11', 2)).toBe(batchJobId('0b0c8f52-3c2c-4d59-9a0c-0f3f0e4b1c11', 2));
  });
});

describe('a scheduled send', () => {
  it('refuses a start beyond 30 days or a spread over 24 h with its own code', async () => {
    const { token } = await makeUser(w.t, { packages: ALL });
    const ids = (await twitterIds(1)).map((p) => p.id);
    const far = await call(like, { token, body: { profile_ids: ids, tweet_url: URLS.tweet, start_at: new Date(Date.now() + 31 * 24 * HOUR).toISOString() } });
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({ success: false, code: 'START_AT_INVALID', mesaj: expect.any(String) });
    const spread = await call(like, { token, body: { profile_ids: ids, tweet_url: URLS.tweet, spread_minutes: 2000 } });
    expect(spread.status).toBe(400);
    expect(spread.body).toMatchObject({ success: false, code: 'SPREAD_INVALID' });
    expect(await w.t.db.$count(orders, eq(orders.targetUrl, URLS.tweet))).toBe(0);
  });

  it('is zamanlandi until start_at, its job waits for that moment, and it counts against the day it is placed', async () => {
    const { user, token } = await makeUser(w.t, { packages: ALL });
    const ids = (await twitterIds(2)).map((p) => p.id);
    const startAt = new Date(Date.now() + 3 * 24 * HOUR);
    const res = await call(like, { token, body: { profile_ids: ids, tweet_url: URLS.tweet, start_at: startAt.toISOString() } });
    expect(res.status).toBe(200);
    const taskId = res.body.task_id as string;
    const order = await orderRow(taskId);
    expect(order).toMatchObject({ status: 'scheduled', startAt, spreadMinutes: 0, batches: [], usageDay: localDay(new Date(), env.APP_TIMEZONE) });
    expect(await usageOf(user.id, localDay(new Date(), env.APP_TIMEZONE))).toBe(1);

    const [job] = await (await getQueue()).findJobs(ORDERS_QUEUE, { id: taskId });
    expect(job!.startAfter.getTime()).toBe(startAt.getTime());

    const view = await call(getOperationRoute, { token, params: { taskId } });
    expect(view.body).toMatchObject({ status: 'scheduled', order_status: 'scheduled', durum: 'zamanlandi', start_at: startAt.toISOString(), spread_minutes: 0 });

    // A job that runs early sends nothing and leaves another for the moment.
    const later: Date[] = [];
    const outcome = await processOrder(w.t.db, taskId, { client: fastClient(), emit: () => {}, enqueueLater: async (_tx, _id, at) => void later.push(at) });
    expect(outcome).toBe('waiting');
    expect(later).toEqual([startAt]);
    expect(simStats().sends).toBe(0);
    expect((await orderRow(taskId)).status).toBe('scheduled');

    // At the moment it runs like any order.
    const done = await processOrder(w.t.db, taskId, { client: fastClient(), emit: () => {}, pollIntervalMs: 20, now: () => new Date(startAt.getTime() + 1000) });
    expect(done).toBe('finalized');
    expect((await orderRow(taskId)).status).toBe('completed');
  });
});

describe('a spread order', () => {
  it('starting now is scheduled until its first profile’s moment, and its job waits for it', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const ids = (await twitterIds(2, 6)).map((p) => p.id);
    const now = new Date();
    const queued: (Date | undefined)[] = [];
    const { taskId } = await sendOperation(w.t.db, user, 'like', { profileIds: ids, targetUrl: URLS.tweet, spreadMinutes: 15 }, {
      now,
      enqueue: async (_tx, _id, after) => void queued.push(after),
      random: () => 0.5,
    });
    const order = await orderRow(taskId);
    const first = new Date(now.getTime() + 7.5 * 60_000);
    expect(order).toMatchObject({ status: 'scheduled', startAt: null, spreadMinutes: 15, nextBatchAt: first });
    expect(order.batches).toEqual([{ at: first.toISOString(), profile_ids: ids }]);
    expect(queued).toEqual([first]);
  });

  it('sends each batch at its moment with its own key, follows each profile live and ends once', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const ids = (await twitterIds(4, 2)).map((p) => p.id);
    // Moments 0, 0.2, 0.5 and 0.9 of a 60-minute window: four batches.
    const r = [0, 0.2, 0.5, 0.9];
    let k = 0;
    const startAt = new Date(Date.now() + HOUR);
    const queued: Date[] = [];
    const { taskId } = await sendOperation(w.t.db, user, 'like', { profileIds: ids, targetUrl: URLS.tweet, startAt: startAt.toISOString(), spreadMinutes: 60 }, {
      enqueue: async (_tx, _id, after) => void queued.push(after!),
      random: () => r[k++]!,
    });
    const order = await orderRow(taskId);
    expect(order.status).toBe('scheduled');
    expect(order.batches.map((b) => [Date.parse(b.at) - startAt.getTime(), b.profile_ids])).toEqual(r.map((f, i) => [f * 3600_000, [ids[i]]]));
    expect(queued).toEqual([startAt]);

    const events: OperationUpdate[] = [];
    const batchJobs: [number, Date][] = [];
    const opts = (at: number) => ({
      client: fastClient(),
      emit: (_u: number, e: OperationUpdate) => void events.push(e),
      pollIntervalMs: 20,
      now: () => new Date(startAt.getTime() + at * 3600_000 + 500),
      enqueueBatch: async (_tx: unknown, _id: string, index: number, at: Date) => void batchJobs.push([index, at]),
      enqueueLater: async () => {},
    });
    expect(await processOrder(w.t.db, taskId, opts(0))).toBe('batch_done');
    let row = await orderRow(taskId);
    expect(row).toMatchObject({ status: 'processing', batchesDone: 1, nextBatchAt: new Date(order.batches[1]!.at) });
    expect(row.results.filter((x) => x.result !== 'pending').map((x) => x.profile_id)).toEqual([ids[0]]);
    expect(batchJobs).toEqual([[1, new Date(order.batches[1]!.at)]]);
    // The next batch is not due at 0.1: nothing is sent.
    const sends = simStats().sends;
    expect(await processOrder(w.t.db, taskId, opts(0.1))).toBe('waiting');
    expect(simStats().sends).toBe(sends);
    expect(await processOrder(w.t.db, taskId, opts(0.2))).toBe('batch_done');
    // That batch's job delivered again sends nothing more (the next batch is not due).
    const afterSecond = simStats().sends;
    expect(await processOrder(w.t.db, taskId, opts(0.2))).toBe('waiting');
    expect(simStats().sends).toBe(afterSecond);
    expect(await processOrder(w.t.db, taskId, opts(0.5))).toBe('batch_done');
    expect(await processOrder(w.t.db, taskId, opts(0.9))).toBe('finalized');
    row = await orderRow(taskId);
    expect(row).toMatchObject({ status: 'completed', successCount: 4, batchesDone: 3 });
    expect(await processOrder(w.t.db, taskId, opts(0.9))).toBe('already_final');
    // Live: one profile more after each batch; the last batch's result comes with the one final
    // event (no progress event just before it).
    const counts = events.filter((e) => e.result.length > 0).map((e) => [e.result.length, e.status]);
    expect(counts).toEqual([
      [1, 'processing'],
      [2, 'processing'],
      [3, 'processing'],
      [4, 'completed'],
    ]);
    expect(simStats().tasksCreated).toBe(4);
  });
});

describe('cancelling a scheduled order', () => {
  async function scheduledPaidTweet(n: number) {
    const chosen = await twitterIds(n);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const made = await makeUser(w.t, { packages: ALL, bakiyeCents: price });
    const { taskId } = await sendOperation(w.t.db, made.user, 'new_tweet', { profileIds: chosen.map((p) => p.id), tweetText: 'Yarın', startAt: new Date(Date.now() + HOUR).toISOString() }, { enqueue: noEnqueue });
    return { ...made, taskId, price };
  }

  it('gives the day’s use and the charge back once, for the owner or an admin; others get 404', async () => {
    const { user, token, taskId, price } = await scheduledPaidTweet(2);
    const day = localDay(new Date(), env.APP_TIMEZONE);
    expect((await money(user.id)).balance).toBe(0);

    const other = await makeUser(w.t, { packages: ALL });
    expect((await call(cancelRoute, { token: other.token, params: { taskId } })).status).toBe(404);

    const res = await call(cancelRoute, { token, params: { taskId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, task_id: taskId, order_status: 'cancelled', durum: 'iptal', status: 'completed', iade_edilen: price / 100 });
    expect(await money(user.id)).toEqual({ balance: price, refunds: 1 });
    const [usage] = await w.t.db.select({ c: usageCounters.count }).from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'new_tweet'), eq(usageCounters.day, day)));
    expect(usage!.c).toBe(0);

    const again = await call(cancelRoute, { token, params: { taskId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
    expect(await money(user.id)).toEqual({ balance: price, refunds: 1 });
    // Its job, at the moment, finds it final and sends nothing.
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), emit: () => {}, now: () => new Date(Date.now() + 2 * HOUR) })).toBe('already_final');
    expect(simStats().sends).toBe(0);

    const second = await scheduledPaidTweet(1);
    const [admin] = await w.t.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const adminToken = await signToken(w.t.db, admin!, 'admin');
    const byAdmin = await call(cancelRoute, { token: adminToken, params: { taskId: second.taskId } });
    expect(byAdmin.status).toBe(200);
    expect(await money(second.user.id)).toEqual({ balance: second.price, refunds: 1 });
  });

  it('races the worker’s start: exactly one wins, and money and use add up', async () => {
    for (let round = 0; round < 6; round++) {
      const { user, taskId, price } = await scheduledPaidTweet(1);
      const day = localDay(new Date(), env.APP_TIMEZONE);
      const at = () => new Date(Date.now() + 2 * HOUR);
      const [cancel, work] = await Promise.allSettled([
        cancelOrder(w.t.db, { userId: user.id, orderId: taskId }, { emit: () => {} }),
        processOrder(w.t.db, taskId, { client: fastClient(), emit: () => {}, pollIntervalMs: 10, now: at }),
      ]);
      const row = await orderRow(taskId);
      const m = await money(user.id);
      const [usage] = await w.t.db.select({ c: usageCounters.count }).from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'new_tweet'), eq(usageCounters.day, day)));
      if (cancel.status === 'fulfilled') {
        expect(work).toEqual({ status: 'fulfilled', value: 'already_final' });
        expect(row.status).toBe('cancelled');
        expect(m).toEqual({ balance: price, refunds: 1 });
        expect(usage!.c).toBe(0);
      } else {
        expect(isAppError(cancel.reason) && cancel.reason.code).toBe('ORDER_NOT_CANCELLABLE');
        expect(work).toEqual({ status: 'fulfilled', value: 'finalized' });
        expect(row.status).toBe('completed');
        expect(m).toEqual({ balance: 0, refunds: 0 });
        expect(usage!.c).toBe(1);
      }
      expect(await ledgerSum(w.t.db, user.id)).toBe(m.balance);
    }
  });
});
