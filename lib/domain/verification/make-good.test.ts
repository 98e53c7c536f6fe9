import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { open } from '@/db/client';
import { setupTestDb } from '@/test/fixtures/db';
import { withSimServer } from '@/test/fixtures/sim-server';
import { seed } from '@/lib/domain/seed';
import { balanceLedger, makeGoods, notifications, orders, profiles, siteSettings, usageCounters, users, verificationChecks } from '@/db/schema';
import { createProviderClient, type ProviderClient, type ProviderTask, type SendRequest, type VerifyState } from '@/lib/domain/provider';
import { configureSim } from '@/lib/domain/provider/sim';
import { runIntegrityCheck } from '@/lib/domain/integrity';
import { getOperation, pickProfiles } from '@/lib/domain/operations';
import { candidateProfiles } from '@/lib/domain/operations/pick-profiles';
import { MAKE_GOOD_LEASE_MS, runVerification, workMakeGoods, workVerifications, scheduleVerifications } from './index';

/*
 * Issue #38 item 2: an undone action is made good exactly once — redone by the same profile, else
 * by another one not yet on the target, else its charge or package use given back. These run on
 * PGlite and (project "postgres") on the real server, where the two-node test really contends.
 */
const sim = withSimServer({ minDelayMs: 0, maxDelayMs: 0, failRate: 0 });
const t = setupTestDb({ asAppDb: true });
const MIN = 60_000;
const TARGET = 'https://x.com/someone/status/42';
let userId: number;
/** Our ids of the sim's profiles tw_1001… (active ones). */
let ids: number[];

beforeAll(async () => {
  await seed(t.db, { baseUrl: sim.base().replace(/\/sim-provider$/, ''), adminEmail: 'admin@example.com', demo: false });
  const [u] = await t.db.insert(users).values({ adSoyad: 'Make Good', email: 'mg@example.com', passwordHash: 'x' }).returning();
  userId = u!.id;
  const rows = await t.db
    .insert(profiles)
    .values(Array.from({ length: 8 }, (_, i) => ({ platform: 'twitter' as const, providerId: `tw_${1001 + i}`, username: `mg${i}` })))
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  const all = await t.db.select({ id: profiles.id, providerId: profiles.providerId }).from(profiles).where(eq(profiles.platform, 'twitter'));
  ids = all.filter((p) => /^tw_100[1-8]$/.test(p.providerId)).map((p) => p.id).sort((a, b) => a - b);
  expect(rows.length + ids.length).toBeGreaterThan(0);
});
beforeEach(async () => {
  await t.db.delete(balanceLedger).where(eq(balanceLedger.reason, 'verify_refund'));
  await t.db.delete(makeGoods);
  await t.db.delete(verificationChecks);
  await t.db.delete(notifications);
  await t.db.delete(orders);
  await t.db.delete(usageCounters);
  await t.db.update(users).set({ bakiyeCents: 0 }).where(eq(users.id, userId));
  await t.db.update(siteSettings).set({ verifyAfterMinutes: [0] }).where(eq(siteSettings.id, 1));
});

/** An ended order whose first `acted` profiles acted on TARGET; paid per action when `priceEach` > 0. */
async function endedOrder(opts: { acted: number[]; priceEach?: number; usageDay?: string; target?: string }) {
  const price = opts.priceEach ?? 0;
  const completedAt = new Date(Date.now() - 5 * MIN);
  const [o] = await t.db
    .insert(orders)
    .values({
      userId,
      platform: 'twitter',
      service: 'like',
      targetUrl: opts.target ?? TARGET,
      status: 'completed',
      profileIds: opts.acted,
      profileCount: opts.acted.length,
      successCount: opts.acted.length,
      priceCents: price * opts.acted.length,
      profilePricesCents: Object.fromEntries(opts.acted.map((id) => [String(id), price])),
      usageDay: opts.usageDay ?? null,
      results: opts.acted.map((id) => ({ profile_id: id, result: 'success' as const })),
      createdAt: new Date(completedAt.getTime() - MIN),
      completedAt,
    })
    .returning();
  return o!;
}

/**
 * A provider double: verify answers `verifyAs`; each send (one profile) ends at once as `redo`
 * says for that provider profile id. Counts the sends per idempotency key.
 */
function fakeProvider(verifyAs: VerifyState, redo: (profile: string) => 'success' | 'failed' = () => 'success') {
  const sends: string[] = [];
  const client: ProviderClient = {
    listProfiles: async () => [],
    send: async (_url, body: SendRequest): Promise<ProviderTask> => {
      sends.push(body.order_id);
      await new Promise((r) => setTimeout(r, 2));
      return { task_id: `task-${body.order_id}`, status: 'completed', results: body.profile_ids.map((p) => ({ profile_id: p, result: redo(p) })) };
    },
    status: async () => {
      throw new Error('not used: sends end at once');
    },
    verify: async () => verifyAs,
  };
  return { client, sends };
}

const goodsOf = (orderId: string) => t.db.select().from(makeGoods).where(eq(makeGoods.orderId, orderId)).orderBy(makeGoods.profileId);
const verifyRefunds = (orderId: string) => t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, orderId), eq(balanceLedger.reason, 'verify_refund')));
const notices = () => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'action_made_good')));
const verifyProblems = async () => (await runIntegrityCheck(t.db, { retrieveIntent: async () => null })).discrepancies.filter((d) => d.kind.startsWith('verify_refund'));

describe('making an undone action good', () => {
  it('redoes it by the same profile, once, and tells the customer', async () => {
    const o = await endedOrder({ acted: [ids[0]!, ids[1]!] });
    const p = fakeProvider('undone');
    const run = await runVerification(t.db, { client: p.client });
    expect(run).toMatchObject({ scheduled: 2, undone: 2, madeGood: { redone: 2, refunded: 0, waiting: 0 } });
    const goods = await goodsOf(o.id);
    expect(goods.map((g) => [g.state, g.byProfileId])).toEqual([
      ['redone', ids[0]],
      ['redone', ids[1]],
    ]);
    expect(p.sends.sort()).toEqual(goods.map((g) => `mg-${g.id}-${g.profileId}`).sort());
    expect(await notices()).toHaveLength(2);
    // Nothing more to do: a second run sends nothing, and the order itself is unchanged.
    await runVerification(t.db, { client: p.client });
    expect(p.sends).toHaveLength(2);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'completed', successCount: 2, refundedCents: 0 });
    // The results answer carries the history.
    const op = await getOperation(t.db, { id: userId, rol: 'user', kind: 'user' } as never, o.id);
    expect(op.kept).toEqual({ checked: 2, kept: 0, share: 0 });
    expect(op.make_goods).toEqual(
      expect.arrayContaining([expect.objectContaining({ profile_id: ids[0], state: 'redone', undone_day: 0, by_username: 'mg0', refund: '0.00' })]),
    );
  });

  it('takes another profile not yet on the target when the same one cannot redo it', async () => {
    // ids[2] already liked the target in another order: it is never picked.
    await endedOrder({ acted: [ids[2]!], target: TARGET });
    await t.db.update(orders).set({ completedAt: new Date(Date.now() + 3600_000) });
    const o = await endedOrder({ acted: [ids[0]!] });
    const p = fakeProvider('undone', (profile) => (profile === 'tw_1001' ? 'failed' : 'success'));
    const run = await runVerification(t.db, { client: p.client });
    expect(run.madeGood).toEqual({ redone: 1, refunded: 0, waiting: 0 });
    const [g] = await goodsOf(o.id);
    expect(g!.state).toBe('redone');
    expect(g!.byProfileId).not.toBe(ids[0]);
    expect(g!.byProfileId).not.toBe(ids[2]);
    expect(g!.triedProfileIds).toEqual([ids[0], g!.byProfileId]);
    expect(await verifyRefunds(o.id)).toHaveLength(0);
    // The profile that redid it is on the target now: a send naming it there is ALREADY_DONE, and
    // the server's pick for the target leaves it out (one profile never twice on one target).
    const [candidate] = await candidateProfiles(t.db, { platform: 'twitter', service: 'like', targetUrl: TARGET, candidates: [g!.byProfileId!] });
    expect(candidate).toMatchObject({ id: g!.byProfileId, done: true });
    const picked = await pickProfiles(t.db, { platform: 'twitter', service: 'like', targetUrl: TARGET, quantity: 50, upTo: true });
    expect(picked).not.toContain(g!.byProfileId);
    expect(picked).not.toContain(ids[2]);
  });

  it('gives a pay-per-action charge back as one verify_refund row when no profile can redo it, never more than the charge', async () => {
    const o = await endedOrder({ acted: [ids[0]!, ids[1]!], priceEach: 35 });
    const p = fakeProvider('undone', () => 'failed');
    const run = await runVerification(t.db, { client: p.client });
    expect(run.madeGood).toEqual({ redone: 0, refunded: 2, waiting: 0 });
    // Each tried the same profile and one other, then gave the charge back.
    expect(p.sends).toHaveLength(4);
    const refunds = await verifyRefunds(o.id);
    expect(refunds.map((r) => r.amountCents)).toEqual([35, 35]);
    const [u] = await t.db.select({ cents: users.bakiyeCents }).from(users).where(eq(users.id, userId));
    expect(u!.cents).toBe(70);
    expect((await goodsOf(o.id)).map((g) => [g.state, g.refundCents])).toEqual([
      ['refunded', 35],
      ['refunded', 35],
    ]);
    expect(await verifyProblems()).toEqual([]);
    const n = await notices();
    expect(n.map((x) => (x.params as Record<string, unknown>).how)).toEqual(['refunded', 'refunded']);
  });

  it('gives a package order’s daily use back once none of its actions remains', async () => {
    const day = '2026-11-27';
    await t.db.insert(usageCounters).values({ userId, service: 'like', day, count: 3 });
    const o = await endedOrder({ acted: [ids[0]!, ids[1]!], usageDay: day });
    await runVerification(t.db, { client: fakeProvider('undone', () => 'failed').client });
    const goods = await goodsOf(o.id);
    expect(goods.map((g) => g.state)).toEqual(['refunded', 'refunded']);
    expect(goods.filter((g) => g.usageReturned)).toHaveLength(1);
    expect(goods.every((g) => g.refundCents === 0)).toBe(true);
    const [c] = await t.db.select().from(usageCounters).where(eq(usageCounters.userId, userId));
    expect(c!.count).toBe(2);
  });

  it('makes an action good once when the provider answers undone twice (two checks, and a check answered again)', async () => {
    await t.db.update(siteSettings).set({ verifyAfterMinutes: [0, 1] }).where(eq(siteSettings.id, 1));
    const o = await endedOrder({ acted: [ids[0]!], priceEach: 20 });
    const p = fakeProvider('undone', () => 'failed');
    const later = new Date(Date.now() + 10 * MIN);
    await runVerification(t.db, { client: p.client, now: later });
    // The same check's answer recorded again (a duplicate delivery): no second make-good.
    const [check] = await t.db.select().from(verificationChecks).where(eq(verificationChecks.orderId, o.id)).limit(1);
    await t.db.update(verificationChecks).set({ state: 'due', dueAt: new Date(0) }).where(eq(verificationChecks.id, check!.id));
    await workVerifications(t.db, { client: p.client, now: later });
    await workMakeGoods(t.db, { client: p.client, now: later });
    const undone = await t.db.select().from(verificationChecks).where(and(eq(verificationChecks.orderId, o.id), eq(verificationChecks.state, 'undone')));
    expect(undone).toHaveLength(2);
    expect(await goodsOf(o.id)).toHaveLength(1);
    expect((await verifyRefunds(o.id)).map((r) => r.amountCents)).toEqual([20]);
    expect(await notices()).toHaveLength(1);
  });

  it('picks a redo up again after its lease when its worker died mid-way, still once', async () => {
    const o = await endedOrder({ acted: [ids[0]!] });
    await scheduleVerifications(t.db);
    const p = fakeProvider('undone');
    await workVerifications(t.db, { client: p.client });
    // The worker dies right after the provider accepted the redo.
    const now = new Date();
    await expect(
      workMakeGoods(t.db, {
        client: p.client,
        now,
        afterSend: () => {
          throw new Error('killed');
        },
      }),
    ).resolves.toEqual({ redone: 0, refunded: 0, waiting: 0 });
    const [mid] = await goodsOf(o.id);
    expect(mid).toMatchObject({ state: 'redoing', byProfileId: ids[0] });
    expect(mid!.providerTaskId).toBeTruthy();
    // Leased: nothing happens before the lease runs out.
    expect(await workMakeGoods(t.db, { client: p.client, now: new Date(now.getTime() + MIN) })).toEqual({ redone: 0, refunded: 0, waiting: 0 });
    const after = await workMakeGoods(t.db, { client: p.client, now: new Date(now.getTime() + MAKE_GOOD_LEASE_MS + 1000) });
    expect(after).toEqual({ redone: 1, refunded: 0, waiting: 0 });
    // Two sends with the one idempotency key: the provider acted once.
    expect(new Set(p.sends)).toEqual(new Set([`mg-${mid!.id}-${ids[0]}`]));
    expect(await notices()).toHaveLength(1);
  });

  it('never writes after its lease was taken over by another node (fenced by the claim)', async () => {
    const o = await endedOrder({ acted: [ids[0]!], priceEach: 10 });
    await scheduleVerifications(t.db);
    await workVerifications(t.db, { client: fakeProvider('undone').client });
    const now = new Date();
    let takeover: Promise<unknown> | null = null;
    const slow = fakeProvider('undone', () => 'failed');
    const first = workMakeGoods(t.db, {
      client: slow.client,
      now,
      afterSend: async () => {
        // While this node is in the middle of it, its lease runs out and another node claims the row.
        takeover ??= workMakeGoods(t.db, { client: fakeProvider('undone').client, now: new Date(now.getTime() + MAKE_GOOD_LEASE_MS + 1000) });
        await takeover;
      },
    });
    await first;
    const [g] = await goodsOf(o.id);
    expect(g!.state).toBe('redone');
    expect(await verifyRefunds(o.id)).toHaveLength(0);
    expect(await notices()).toHaveLength(1);
  });

  it('redoes or refunds each action once when two nodes work the same backlog at once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await endedOrder({ acted: [ids[i % 4]!, ids[4 + (i % 4)]!], priceEach: 5, target: `${TARGET}${i}` })).id);
    await scheduleVerifications(t.db, { limit: 100 });
    const p = fakeProvider('undone', (profile) => (Number(profile.slice(3)) % 3 === 0 ? 'failed' : 'success'));
    await workVerifications(t.db, { client: p.client, batch: 100 });
    expect(await t.db.select().from(makeGoods)).toHaveLength(24);
    const other = t.isPostgres ? await open({ databaseUrl: t.url!, max: 4, migrate: false }) : null;
    try {
      const nodes = [t.db, other?.db ?? t.db];
      const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => workMakeGoods(nodes[i % 2]!, { client: p.client, batch: 5 })));
      const more = await workMakeGoods(t.db, { client: p.client, batch: 100 });
      const total = [...runs, more].reduce((n, r) => n + r.redone + r.refunded, 0);
      expect(total).toBe(24);
    } finally {
      await other?.close();
    }
    const goods = await t.db.select().from(makeGoods).where(inArray(makeGoods.orderId, made));
    expect(goods.every((g) => g.state === 'redone' || g.state === 'refunded')).toBe(true);
    // Each (make-good, profile) sent at most once per key, and never a redo and a refund of one action.
    const refunds = await t.db.select().from(balanceLedger).where(eq(balanceLedger.reason, 'verify_refund'));
    expect(refunds).toHaveLength(goods.filter((g) => g.state === 'refunded').length);
    expect(new Set(refunds.map((r) => r.makeGoodId)).size).toBe(refunds.length);
    for (const g of goods.filter((x) => x.state === 'redone')) expect(refunds.some((r) => r.makeGoodId === g.id)).toBe(false);
    expect(await notices()).toHaveLength(24);
    expect(await verifyProblems()).toEqual([]);
  });

  it('reports a verify_refund that does not match its make-good in the integrity check', async () => {
    const o = await endedOrder({ acted: [ids[0]!], priceEach: 30 });
    await runVerification(t.db, { client: fakeProvider('undone', () => 'failed').client });
    expect(await verifyProblems()).toEqual([]);
    const [g] = await goodsOf(o.id);
    // A second refund row of the same action (the unique index refuses it) and one beyond the charge.
    await expect(t.db.insert(balanceLedger).values({ userId, amountCents: 30, reason: 'verify_refund', orderId: o.id, makeGoodId: g!.id })).rejects.toThrow();
    await t.db.insert(balanceLedger).values({ userId, amountCents: 30, reason: 'verify_refund', orderId: o.id, makeGoodId: g!.id + 1000 });
    const kinds = (await verifyProblems()).map((d) => d.kind).sort();
    expect(kinds).toEqual(['verify_refund_mismatch', 'verify_refund_over_charge']);
  });
});

describe('against the simulated provider', () => {
  it('redoes by another profile when the provider refuses the same one, through the real send and status calls', async () => {
    configureSim({ undoRate: 1, redoRefused: true, minDelayMs: 0, maxDelayMs: 0, failRate: 0 });
    const client = createProviderClient({ timeoutMs: 2000, retries: 0 });
    // The original like, made at the simulator so it knows the profile acted on the target.
    const o = await endedOrder({ acted: [ids[0]!] });
    await client.send(`${sim.base()}/twitter/like`, { order_id: o.id, service: 'like', profile_ids: ['tw_1001'], target_url: TARGET });
    const run = await runVerification(t.db, { client, makeGood: { pollIntervalMs: 10 } });
    expect(run).toMatchObject({ undone: 1, madeGood: { redone: 1, refunded: 0, waiting: 0 } });
    const [g] = await goodsOf(o.id);
    expect(g!.byProfileId).not.toBe(ids[0]);
    expect(g!.triedProfileIds[0]).toBe(ids[0]);
  });
});

describe('the notice', () => {
  it('tells what was undone and how it was made good, in tr, en and de', async () => {
    const { renderNotification } = await import('@/lib/domain/notifications');
    const base = { service: 'like', number: 12, profile: 'mg0', days: 7 };
    const en = renderNotification('en', 'action_made_good', { ...base, how: 'redone', by: 'mg3' });
    expect(en.body).toBe('Order #12: the Like of @mg0 was found undone 7 days after the order ended. @mg3 did it again.');
    for (const locale of ['tr', 'en', 'de'] as const) {
      const refunded = renderNotification(locale, 'action_made_good', { ...base, how: 'refunded', refundCents: 35 });
      expect(refunded.body).toMatch(/0[.,]35/);
      expect(refunded.body).toContain('@mg0');
      const usage = renderNotification(locale, 'action_made_good', { ...base, days: 0, how: 'usage' });
      expect(usage.body).not.toContain('{');
      expect(usage.title.length).toBeGreaterThan(10);
    }
  });
});
