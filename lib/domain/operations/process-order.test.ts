import { getEventListeners } from 'node:events';
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { balanceLedger, orders, platforms, profiles, usageCounters } from '@/db/schema';
import { configureSim, simStats } from '@/lib/domain/provider/sim';
import { getQueue, ORDERS_QUEUE } from '@/lib/infra/queue';
import { profilePriceCents } from '@/lib/domain/pricing';
import { processOrder, sleep } from './process-order';
import { finalizeOrder } from './finalize-order';
import { sendOperation } from './send-operation';
import { startOrderWorker } from './order-worker';
import type { OperationUpdate } from './operation-update';
import { setupWorld, fastClient, makeUser, URLS, waitFor } from '@/test/fixtures/world';
import { getOperation } from './get-operation';
import { readOrderView, readOrderViewTexts } from '@/lib/domain/order-view';
import { taskSchema } from '@/lib/domain/provider/contract';
import { balanceAndLedger } from '@/test/fixtures/balance';

const w = setupWorld();
const ALL = { twitter: { gunlukLimit: 1000, profilLimit: 20 }, instagram: { gunlukLimit: 1000, profilLimit: 20 }, youtube: { gunlukLimit: 1000, profilLimit: 20 } };
const noEnqueue = async () => {};

beforeEach(() => {
  configureSim({ reset: true, minDelayMs: 20, maxDelayMs: 120, failRate: 0.1 });
});

async function twitterProfiles(n: number) {
  return w.t.db
    .select({ id: profiles.id, followers: profiles.followersCount })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id)
    .limit(n);
}

const money = (userId: number) => balanceAndLedger(w.t.db, userId);

const orderRow = async (id: string) => (await w.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function paidTweet(n: number, extraCents = 0) {
  const chosen = await twitterProfiles(n);
  const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
  const { user } = await makeUser(w.t, { packages: ALL, bakiyeCents: price + extraCents });
  const { taskId } = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: chosen.map((p) => p.id), tweetText: 'Merhaba' }, { enqueue: noEnqueue });
  return { user, taskId, price, chosen };
}

describe('working an order through the simulated provider', () => {
  it('sends, polls until final, stores per-profile results and streams progress to the owner', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const chosen = await twitterProfiles(6);
    const { taskId } = await sendOperation(w.t.db, user, 'like', { profileIds: chosen.map((p) => p.id), targetUrl: URLS.tweet }, { enqueue: noEnqueue });
    const events: [number, OperationUpdate][] = [];
    const outcome = await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 30, emit: (uid, p) => events.push([uid, p]) });
    expect(outcome).toBe('finalized');
    const order = await orderRow(taskId);
    expect(['completed', 'partial']).toContain(order.status);
    expect(order.results.every((r) => r.result === 'success' || r.result === 'failed')).toBe(true);
    expect(order.successCount).toBe(order.results.filter((r) => r.result === 'success').length);
    expect(order.providerTaskId).toMatch(/^sim_/);
    expect(events.every(([uid]) => uid === user.id)).toBe(true);
    expect(events[0]![1]).toMatchObject({ operation: 'like', task_id: taskId, status: 'processing', result: [], total_count: 6 });
    const last = events.at(-1)![1];
    expect(last).toMatchObject({ operation: 'like', task_id: taskId, status: 'completed', total_count: 6, success_count: order.successCount });
    expect(last.result).toHaveLength(6);
    // Intermediate events carry only profiles that have an outcome, never a 'pending' one.
    expect(events.flatMap(([, e]) => e.result).every((r) => r.result !== ('pending' as string))).toBe(true);
    // The provider's last answer ends the order with one final event, not a progress event first.
    const secondLast = events.at(-2)?.[1];
    expect(secondLast?.status === 'processing' && secondLast.result.length === 6).toBe(false);
    expect(events.filter(([, e]) => e.status !== 'processing')).toHaveLength(1);
    // Running it again changes nothing.
    expect(await processOrder(w.t.db, taskId, { client: fastClient() })).toBe('already_final');
  });

  it('gives the same outcome for the same seed and order (reproducible)', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const chosen = await twitterProfiles(20);
    configureSim({ failRate: 0.5 });
    const { taskId } = await sendOperation(w.t.db, user, 'retweet', { profileIds: chosen.map((p) => p.id), targetUrl: URLS.tweet }, { enqueue: noEnqueue });
    await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    const first = (await orderRow(taskId)).results;
    // The same order id through a fresh simulator with the same seed gives the same outcomes.
    configureSim({ reset: true, failRate: 0.5, minDelayMs: 5, maxDelayMs: 10 });
    await w.t.db.update(orders).set({ status: 'pending', results: chosen.map((p) => ({ profile_id: p.id, result: 'pending' as const })) }).where(eq(orders.id, taskId));
    await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 10, emit: () => {} });
    expect((await orderRow(taskId)).results).toEqual(first);
    expect(first.some((r) => r.result === 'failed') && first.some((r) => r.result === 'success')).toBe(true);
  });

  it('polls by repeating the idempotent send on a platform without islem_durumu (Instagram)', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const [platform] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'instagram'));
    expect(platform!.apiEndpoints.islem_durumu).toBeUndefined();
    const ig = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'instagram'), eq(profiles.status, 'active'))).limit(3);
    const { taskId } = await sendOperation(w.t.db, user, 'reels_like', { profileIds: ig.map((p) => p.id), targetUrl: URLS.reel }, { enqueue: noEnqueue });
    await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    expect((await orderRow(taskId)).status).not.toBe('processing');
    expect(simStats().tasksCreated).toBe(1);
    expect(simStats().sends).toBeGreaterThan(1);
  });
});

describe('proof of every action (provider contract 1.1)', () => {
  it('keeps each successful profile\'s link and posted text through the end, and shows them in GET /operations and the v2 view', async () => {
    // Outcomes are fixed by the (random) order id: with 12 profiles at 30 % both kinds are all but certain.
    configureSim({ failRate: 0.3 });
    const { user } = await makeUser(w.t, { packages: ALL });
    const yt = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'youtube'), eq(profiles.status, 'active'))).orderBy(profiles.id).limit(12);
    const { taskId } = await sendOperation(
      w.t.db,
      user,
      'youtube_comment',
      { profileIds: yt.map((p) => p.id), targetUrl: URLS.video, prompt: 'praise the guitar solo please' },
      { enqueue: noEnqueue },
    );
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 30, emit: () => {} })).toBe('finalized');
    const order = await orderRow(taskId);
    const ok = order.results.filter((r) => r.result === 'success');
    const failed = order.results.filter((r) => r.result === 'failed');
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok) {
      expect(r.proof_url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ&lc=Ug\d{20}$/);
      expect(r.text).toContain('praise the guitar solo please');
    }
    // A failed action proves nothing.
    for (const r of failed) expect(r).toEqual({ profile_id: r.profile_id, result: 'failed' });

    const view = await getOperation(w.t.db, { ...user, kind: 'user' }, taskId);
    expect(view.result.filter((r) => r.result === 'success')).toEqual(ok.map((r) => ({ profile_id: r.profile_id, result: 'success', proof_url: r.proof_url, text: r.text })));
    const v2 = (await readOrderView(w.t.db, taskId))!;
    expect(v2.profiles.find((p) => p.result === 'success')).toMatchObject({ proof_url: ok[0]!.proof_url, text: ok[0]!.text });
    for (const p of v2.profiles.filter((p) => p.result === 'failed')) expect(p).not.toHaveProperty('proof_url');
    expect(v2.profiles.map((p) => p.profile_id)).toEqual(order.results.map((r) => r.profile_id));
    // The reseller status sends the same view's text as PostgreSQL made it.
    expect(JSON.parse((await readOrderViewTexts(w.t.db, user.id, [taskId.toUpperCase()])).get(taskId.toLowerCase())!)).toEqual(v2);
  });

  it('accepts a 1.0 provider (no proof) and drops a proof link that is not a web address instead of refusing the task', () => {
    const task = taskSchema.parse({
      task_id: 't1',
      status: 'completed',
      results: [
        { profile_id: 'a', result: 'success' },
        { profile_id: 'b', result: 'success', proof_url: 'javascript:alert(1)', text: 'Nice!' },
        { profile_id: 'c', result: 'success', proof_url: 'https://x.com/someone/status/1790000000000000002' },
        { profile_id: 'd', result: 'success', proof_url: 'https://user:pw@x.com/' },
      ],
    });
    expect(task.results).toEqual([
      { profile_id: 'a', result: 'success' },
      { profile_id: 'b', result: 'success', text: 'Nice!' },
      { profile_id: 'c', result: 'success', proof_url: 'https://x.com/someone/status/1790000000000000002' },
      { profile_id: 'd', result: 'success' },
    ]);
  });
});

describe('refunds and exactly-once endings', () => {
  it('refunds exactly the failed profiles of a paid order', async () => {
    configureSim({ failRate: 0.5 });
    const { user, taskId, price } = await paidTweet(10, 100);
    await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    const order = await orderRow(taskId);
    const failedCents = order.results.filter((r) => r.result === 'failed').reduce((s, r) => s + order.profilePricesCents[String(r.profile_id)]!, 0);
    expect(failedCents).toBeGreaterThan(0);
    expect(order.refundedCents).toBe(failedCents);
    expect(await money(user.id)).toEqual({ balance: 100 + failedCents, ledger: 100 + failedCents });
    expect(price).toBeGreaterThan(failedCents);
  });

  it('ends an order only once when two workers finish it at the same time', async () => {
    configureSim({ failRate: 1 });
    const { user, taskId, price } = await paidTweet(3);
    const outcomes = await Promise.all([
      processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} }),
      processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} }),
      finalizeOrder(w.t.db, taskId, { outcomes: new Map() }).then((r) => (r.changed ? 'finalized' : 'already_final')),
    ]);
    expect(outcomes.filter((o) => o === 'finalized')).toHaveLength(1);
    const refunds = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, taskId), eq(balanceLedger.reason, 'refund')));
    expect(refunds.map((r) => r.amountCents)).toEqual([price]);
    expect(await money(user.id)).toEqual({ balance: price, ledger: price });
    expect((await orderRow(taskId)).status).toBe('failed');
  });

  it('survives a crash between the provider call and the ending: the rerun reuses the task and ends once', async () => {
    configureSim({ failRate: 0.5 });
    const { user, taskId } = await paidTweet(8);
    await expect(
      processOrder(w.t.db, taskId, {
        client: fastClient(),
        pollIntervalMs: 20,
        emit: () => {},
        afterSubmit: () => {
          throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    expect((await orderRow(taskId)).status).toBe('processing');
    // "Restart": the queue gives the job again.
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} })).toBe('finalized');
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} })).toBe('already_final');
    expect(simStats().tasksCreated).toBe(1);
    const order = await orderRow(taskId);
    expect(order.attempts).toBe(2);
    const ledger = await w.t.db.select().from(balanceLedger).where(eq(balanceLedger.orderId, taskId));
    expect(ledger.filter((l) => l.reason === 'new_tweet')).toHaveLength(1);
    expect(ledger.filter((l) => l.reason === 'refund')).toHaveLength(order.refundedCents > 0 ? 1 : 0);
    const m = await money(user.id);
    expect(m.balance).toBe(order.refundedCents);
    expect(m.ledger).toBe(m.balance);
  });

  it('gives the daily use back when every profile failed', async () => {
    configureSim({ failRate: 1 });
    const { user } = await makeUser(w.t, { packages: ALL });
    const chosen = await twitterProfiles(2);
    const { taskId } = await sendOperation(w.t.db, user, 'bookmark', { profileIds: chosen.map((p) => p.id), targetUrl: URLS.tweet }, { enqueue: noEnqueue });
    const [before] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'bookmark')));
    expect(before!.count).toBe(1);
    await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} });
    const [after] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'bookmark')));
    expect(after!.count).toBe(0);
  });
});

describe('provider failures', () => {
  it('treats garbage answers as failures to retry, never as results', async () => {
    const { taskId } = await paidTweet(2);
    for (const mode of ['malformed', 'wrong_shape', 'error500', 'down'] as const) {
      configureSim({ mode });
      await expect(processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} })).rejects.toMatchObject({ name: 'ProviderError' });
      expect((await orderRow(taskId)).status).toBe('processing');
    }
    configureSim({ mode: 'normal' });
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), pollIntervalMs: 20, emit: () => {} })).toBe('finalized');
  });

  it('ends the order as failed on the last attempt and refunds it', async () => {
    configureSim({ mode: 'down' });
    const { user, taskId, price } = await paidTweet(2);
    const events: OperationUpdate[] = [];
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), lastAttempt: true, emit: (_, e) => events.push(e) })).toBe('finalized');
    const order = await orderRow(taskId);
    expect(order).toMatchObject({ status: 'failed', refundedCents: price, successCount: 0 });
    expect(order.lastError).toContain('503');
    expect(events.at(-1)).toMatchObject({ status: 'completed', success_count: 0, total_count: 2, order_status: 'failed' });
    expect(await money(user.id)).toEqual({ balance: price, ledger: price });
  });

  it('ends an order from the dead-letter queue as failed without calling the provider, once', async () => {
    const { user, taskId, price } = await paidTweet(2);
    const calls = simStats().calls;
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), giveUp: true, emit: () => {} })).toBe('finalized');
    expect(await processOrder(w.t.db, taskId, { client: fastClient(), giveUp: true, emit: () => {} })).toBe('already_final');
    expect(simStats().calls).toBe(calls);
    expect(await orderRow(taskId)).toMatchObject({ status: 'failed', refundedCents: price });
    expect(await money(user.id)).toEqual({ balance: price, ledger: price });
  });

  it('retries through the queue with backoff when the provider is down, then fails and refunds', async () => {
    configureSim({ mode: 'down' });
    const chosen = await twitterProfiles(2);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const { user } = await makeUser(w.t, { packages: ALL, bakiyeCents: price });
    const worker = await startOrderWorker(w.t.db, { client: fastClient(), pollIntervalMs: 20, emit: () => {}, pollingIntervalSeconds: 0.5 });
    try {
      const { taskId } = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: chosen.map((p) => p.id), tweetText: 'down' });
      expect((await money(user.id)).balance).toBe(0);
      const order = await waitFor(async () => {
        const o = await orderRow(taskId);
        return o.status === 'failed' ? o : undefined;
      }, 40_000);
      // retryLimit 2 in the test world: three attempts in all.
      expect(order.attempts).toBe(3);
      expect(order.refundedCents).toBe(price);
      expect(await money(user.id)).toEqual({ balance: price, ledger: price });
      const boss = await getQueue();
      const [job] = await boss.findJobs(ORDERS_QUEUE, { id: taskId });
      expect(job?.state).toBe('completed');
    } finally {
      worker.stop();
    }
  }, 60_000);
});

describe('waiting between polls', () => {
  it('leaves no listener on the stop signal after a wait, and a stop ends a wait at once', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 20; i++) await sleep(1, stop.signal);
    // One listener per poll stayed until the job ended (Node's MaxListenersExceededWarning).
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    const waiting = sleep(60_000, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
    stop.abort();
    await expect(waiting).rejects.toThrow('stopping');
    await expect(sleep(1, stop.signal)).rejects.toThrow('stopping');
  });
});
