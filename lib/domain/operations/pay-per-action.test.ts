import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, balanceLedger, orders, profiles, servicePrices, siteSettings, usageCounters } from '@/db/schema';
import { call } from '@/test/http';
import { onPostgres } from '@/test/fixtures/db';
import { signToken } from '@/lib/domain/credentials';
import { PUT as putPlatform } from '@/app/api/platformlar/[platform]/route';
import { GET as getOperationRoute } from '@/app/api/operations/[taskId]/route';
import { setupWorld, freshUrl, makeUser } from '@/test/fixtures/world';
import { sendOperation, type SendOptions } from './send-operation';
import { finalizeOrder } from './finalize-order';
import { refillOrder } from './refill-order';
import { activeActionPrice } from '@/lib/domain/pricing/action-prices';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import { balanceAndLedger } from '@/test/fixtures/balance';

const like = sendHandler('like');
const reelsLike = sendHandler('reels_like');

/**
 * Issue #33 item 7: pay per action. An admin's price per action (service_prices, set through
 * PUT /api/platformlar/{platform} `action_prices`), switched on, lets a customer without a
 * package, or past its daily limit, order the service paid from the balance: price × profiles,
 * debited in the send's transaction, each failed profile refunded once by finalize.
 */
const w = setupWorld();
let adminToken: string;
/** Sends that are not worked by the queue: the tests end them themselves. */
const quiet: SendOptions = { enqueue: async () => {} };

beforeAll(async () => {
  const admin = await makeUser(w.t, { rol: 'admin' });
  adminToken = await signToken(w.t.db, admin.user, 'admin');
}, 120_000);
beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
  await w.t.db.delete(servicePrices);
});

async function twitterIds(n: number, offset = 0) {
  const rows = await w.t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

const balanceOf = (userId: number) => balanceAndLedger(w.t.db, userId);

async function setPrices(platform: string, action_prices: Record<string, unknown>) {
  return call(putPlatform, { method: 'PUT', token: adminToken, params: { platform }, body: { action_prices } });
}

async function orderOf(id: string) {
  const [row] = await w.t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('price configuration (PUT /api/platformlar/{platform} action_prices)', () => {
  it('stores the price in cents computed on the server, the switch and the cap, audited', async () => {
    const res = await setPrices('twitter', { like: { price: '0.25', enabled: true, max_profiles: 20 }, retweet: { price: '1.5', enabled: false } });
    expect(res.status).toBe(200);
    expect((res.body.platform as { action_prices: unknown }).action_prices).toEqual({
      like: { price: '0.25', enabled: true, max_profiles: 20 },
      retweet: { price: '1.50', enabled: false, max_profiles: 100 },
    });
    const rows = await w.t.db.select().from(servicePrices).orderBy(servicePrices.service);
    expect(rows.map((r) => [r.service, r.platform, r.priceCents, r.enabled, r.maxProfiles])).toEqual([
      ['like', 'twitter', 25, true, 20],
      ['retweet', 'twitter', 150, false, 100],
    ]);
    expect(await activeActionPrice(w.t.db, 'like')).toEqual({ priceCents: 25, maxProfiles: 20 });
    expect(await activeActionPrice(w.t.db, 'retweet')).toBeNull();
    const [audit] = await w.t.db.select().from(auditLog).where(eq(auditLog.action, 'platform.prices')).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(audit).toMatchObject({ entity: 'platform', entityId: 'twitter', after: { like: { price_cents: 25, enabled: true, max_profiles: 20 } } });

    // A blank price removes the row: off again.
    const off = await setPrices('twitter', { like: { price: '', enabled: false } });
    expect(off.status).toBe(200);
    expect(await activeActionPrice(w.t.db, 'like')).toBeNull();
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    await setPrices('twitter', { like: { price: '0.10', enabled: true } });
    const cases: [string, Record<string, unknown>][] = [
      ['twitter', { like: { price: 'abc', enabled: true } }],
      ['twitter', { like: { price: '0.001', enabled: true } }],
      ['twitter', { like: { price: '-1', enabled: true } }],
      ['twitter', { like: { price: '1000.01', enabled: true } }],
      ['twitter', { like: { price: '', enabled: true } }],
      ['twitter', { like: { price: '0.10', enabled: true, max_profiles: 0 } }],
      ['twitter', { like: { price: '0.10\u0000', enabled: true } }],
      ['twitter', { new_tweet: { price: '0.10', enabled: true } }],
      ['twitter', { reels_like: { price: '0.10', enabled: true } }],
    ];
    for (const [platform, body] of cases) {
      const res = await setPrices(platform, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof res.body.mesaj, JSON.stringify(body)).toBe('string');
    }
    expect(await w.t.db.select({ s: servicePrices.service, c: servicePrices.priceCents }).from(servicePrices)).toEqual([{ s: 'like', c: 10 }]);
    // Not an admin: no change.
    const { token } = await makeUser(w.t);
    const res = await call(putPlatform, { method: 'PUT', token, params: { platform: 'twitter' }, body: { action_prices: { like: { price: '0.01', enabled: true } } } });
    expect(res.status).toBe(403);
    expect((await activeActionPrice(w.t.db, 'like'))?.priceCents).toBe(10);
  });

  it('saves prices together with the platform’s other settings; a refused endpoint changes no price either', async () => {
    const both = await call(putPlatform, {
      method: 'PUT',
      token: adminToken,
      params: { platform: 'twitter' },
      body: { aktif: true, action_prices: { comment: { price: '0.40', enabled: true, max_profiles: 3 } } },
    });
    expect(both.status).toBe(200);
    expect(both.body.platform).toMatchObject({ aktif: true, action_prices: { comment: { price: '0.40', enabled: true, max_profiles: 3 } } });
    const bad = await call(putPlatform, {
      method: 'PUT',
      token: adminToken,
      params: { platform: 'twitter' },
      body: { api_endpoints: { like: 'http://169.254.169.254/' }, action_prices: { comment: { price: '0.90', enabled: true } } },
    });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(await activeActionPrice(w.t.db, 'comment')).toEqual({ priceCents: 40, maxProfiles: 3 });
  });
});

describe('sending with pay per action', () => {
  it('off (no price, or a price switched off): a customer without a package gets NO_PACKAGE as before', async () => {
    const { user, token } = await makeUser(w.t, { bakiyeCents: 10_000 });
    const ids = await twitterIds(2);
    const none = await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } });
    expect(none.body.code).toBe('NO_PACKAGE');
    await setPrices('twitter', { like: { price: '0.10', enabled: false } });
    const switchedOff = await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } });
    expect(switchedOff.body.code).toBe('NO_PACKAGE');
    // Another service's price does not open this one.
    await setPrices('twitter', { retweet: { price: '0.10', enabled: true } });
    expect((await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } })).body.code).toBe('NO_PACKAGE');
    expect(await balanceOf(user.id)).toEqual({ balance: 10_000, ledger: 10_000 });
  });

  it('off: past the daily limit is DAILY_LIMIT_EXCEEDED as before', async () => {
    const { token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1, profilLimit: 5 } }, bakiyeCents: 10_000 });
    const ids = await twitterIds(2);
    expect((await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } })).status).toBe(200);
    expect((await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } })).body.code).toBe('DAILY_LIMIT_EXCEEDED');
  });

  it('no package: the order is paid from the balance, price × profiles, and the answer and the operation view carry the charge', async () => {
    await setPrices('twitter', { like: { price: '0.12', enabled: true, max_profiles: 5 } });
    const { user, token } = await makeUser(w.t, { bakiyeCents: 1_000 });
    const ids = await twitterIds(3);
    const res = await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, charge: '0.36', pay_per_action: true });
    const order = await orderOf(res.body.task_id as string);
    expect(order.priceCents).toBe(36);
    expect(order.profilePricesCents).toEqual(Object.fromEntries(ids.map((id) => [String(id), 12])));
    expect(await balanceOf(user.id)).toEqual({ balance: 964, ledger: 964 });
    const debits = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, order.id), eq(balanceLedger.reason, 'new_tweet')));
    expect(debits).toMatchObject([{ amountCents: -36, note: 'pay_per_action' }]);
    // Counted as a use (cooldown reads it).
    const [use] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'like')));
    expect(use?.count).toBe(1);
    const view = await call(getOperationRoute, { token, params: { taskId: order.id } });
    expect(view.body).toMatchObject({ charge: expect.stringMatching(/^0\.\d\d$/), billing: 'balance' });
  });

  it('no package: the cap is the price row’s max_profiles; cooldown still applies', async () => {
    await setPrices('twitter', { like: { price: '0.05', enabled: true, max_profiles: 2 } });
    const { user, token } = await makeUser(w.t, { bakiyeCents: 1_000 });
    const ids = await twitterIds(3);
    const over = await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } });
    expect(over.body).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED', limit: 2 });
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 60 }).where(eq(siteSettings.id, 1));
    expect((await call(like, { token, body: { profile_ids: ids.slice(0, 2), tweet_url: freshUrl() } })).status).toBe(200);
    const again = await call(like, { token, body: { profile_ids: ids.slice(0, 2), tweet_url: freshUrl() } });
    expect(again.body.code).toBe('COOLDOWN_ACTIVE');
    expect(await balanceOf(user.id)).toEqual({ balance: 990, ledger: 990 });
  });

  it('past the daily limit: the package’s orders are free, the next one is paid (package profile limit kept)', async () => {
    await setPrices('twitter', { like: { price: '0.20', enabled: true, max_profiles: 50 } });
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1, profilLimit: 2 } }, bakiyeCents: 1_000 });
    const ids = await twitterIds(3);
    const free = await call(like, { token, body: { profile_ids: ids.slice(0, 2), tweet_url: freshUrl() } });
    expect(free.body).toMatchObject({ success: true, charge: '0.00' });
    expect(free.body).not.toHaveProperty('pay_per_action');
    expect((await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl() } })).body).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED', limit: 2 });
    const paid = await call(like, { token, body: { profile_ids: ids.slice(0, 2), tweet_url: freshUrl() } });
    expect(paid.body).toMatchObject({ success: true, charge: '0.40', pay_per_action: true });
    expect(await balanceOf(user.id)).toEqual({ balance: 960, ledger: 960 });
    // Another platform without a package and without a price: still NO_PACKAGE.
    const ig = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'instagram'), eq(profiles.status, 'active'))).limit(1);
    expect((await call(reelsLike, { token, body: { profile_ids: [ig[0]!.id], reels_url: 'https://www.instagram.com/reel/PpaTest001/' } })).body.code).toBe('NO_PACKAGE');
  });

  it('not enough balance: INSUFFICIENT_BALANCE with required/current, nothing written', async () => {
    await setPrices('twitter', { like: { price: '0.50', enabled: true } });
    const { user, token } = await makeUser(w.t, { bakiyeCents: 99 });
    const res = await call(like, { token, body: { profile_ids: await twitterIds(2), tweet_url: freshUrl() } });
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', required: 1, current: 0.99 });
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await w.t.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id))).toHaveLength(0);
    expect(await balanceOf(user.id)).toEqual({ balance: 99, ledger: 99 });
  });

  it('partial failure: each failed profile is refunded once, however often the order is ended; no refill of a paid order', async () => {
    await setPrices('twitter', { like: { price: '0.30', enabled: true } });
    const { user } = await makeUser(w.t, { bakiyeCents: 1_000 });
    const ids = await twitterIds(4);
    const sent = await sendOperation(w.t.db, { id: user.id, rol: 'user' }, 'like', { profileIds: ids, targetUrl: freshUrl() }, quiet);
    expect(sent).toMatchObject({ priceCents: 120, payPerAction: true });
    const outcomes = new Map(ids.map((id, i) => [id, i === 0 ? ('success' as const) : ('failed' as const)]));
    await Promise.all([finalizeOrder(w.t.db, sent.taskId, { outcomes }), finalizeOrder(w.t.db, sent.taskId, { outcomes })]);
    await finalizeOrder(w.t.db, sent.taskId, { outcomes });
    const order = await orderOf(sent.taskId);
    expect(order).toMatchObject({ status: 'partial', refundedCents: 90 });
    const refunds = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, sent.taskId), eq(balanceLedger.reason, 'refund')));
    expect(refunds.map((r) => r.amountCents)).toEqual([90]);
    expect(await balanceOf(user.id)).toEqual({ balance: 970, ledger: 970 });
    await expect(refillOrder(w.t.db, { userId: user.id, orderId: sent.taskId })).rejects.toMatchObject({ code: 'REFILL_NOT_AVAILABLE' });
  });

  it('a request_id replay answers the same order and charges once', async () => {
    await setPrices('twitter', { like: { price: '0.07', enabled: true } });
    const { user } = await makeUser(w.t, { bakiyeCents: 1_000 });
    const ids = await twitterIds(2);
    const input = { profileIds: ids, targetUrl: freshUrl() };
    const origin = { requestId: 'ppa-replay-1' };
    const first = await sendOperation(w.t.db, { id: user.id, rol: 'user' }, 'like', input, { ...quiet, origin });
    const second = await sendOperation(w.t.db, { id: user.id, rol: 'user' }, 'like', input, { ...quiet, origin });
    expect(second).toMatchObject({ taskId: first.taskId, priceCents: 14, replayed: true });
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await balanceOf(user.id)).toEqual({ balance: 986, ledger: 986 });
  });

  it('an admin session is never charged per action; the admin account through the customer login is, like any customer', async () => {
    await setPrices('twitter', { like: { price: '0.07', enabled: true } });
    const admin = await makeUser(w.t, { rol: 'admin', bakiyeCents: 100 });
    const sent = await sendOperation(w.t.db, { id: admin.user.id, rol: 'admin', kind: 'admin' }, 'like', { profileIds: await twitterIds(2), targetUrl: freshUrl() }, quiet);
    expect(sent.priceCents).toBe(0);
    expect(await balanceOf(admin.user.id)).toEqual({ balance: 100, ledger: 100 });
    const plain = await sendOperation(w.t.db, { id: admin.user.id, rol: 'admin', kind: 'user' }, 'like', { profileIds: await twitterIds(2), targetUrl: freshUrl() }, quiet);
    expect(plain).toMatchObject({ priceCents: 14, payPerAction: true });
    expect(await balanceOf(admin.user.id)).toEqual({ balance: 86, ledger: 86 });
  });
});

describe.skipIf(!onPostgres())('pay per action under concurrency (PostgreSQL)', () => {
  it('50 parallel orders against one balance: never below zero, debits = the successful orders’ charges, each failed profile refunded once', async () => {
    await setPrices('twitter', { like: { price: '0.07', enabled: true, max_profiles: 10 } });
    // Room for exactly 30 orders of 2 profiles (14 cents each), and 13 cents over.
    const { user } = await makeUser(w.t, { bakiyeCents: 14 * 30 + 13 });
    const ids = await twitterIds(2, 10);
    const sender = { id: user.id, rol: 'user' as const };
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        sendOperation(w.t.db, sender, 'like', { profileIds: ids, targetUrl: freshUrl() }, { ...quiet, origin: { requestId: `ppa-par-${i}` }, timeZone: 'UTC' }),
      ),
    );
    const ok = settled.filter((s): s is PromiseFulfilledResult<Awaited<ReturnType<typeof sendOperation>>> => s.status === 'fulfilled').map((s) => s.value);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => (s.reason as { code?: string }).code);
    expect(ok).toHaveLength(30);
    expect(refused).toEqual(Array.from({ length: 20 }, () => 'INSUFFICIENT_BALANCE'));
    const after = await balanceOf(user.id);
    expect(after).toEqual({ balance: 13, ledger: 13 });

    const debits = await w.t.db
      .select({ orderId: balanceLedger.orderId, cents: balanceLedger.amountCents })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, user.id), eq(balanceLedger.reason, 'new_tweet')));
    expect(debits).toHaveLength(30);
    expect(-debits.reduce((s, d) => s + d.cents, 0)).toBe(ok.reduce((s, o) => s + o.priceCents, 0));
    expect(new Set(debits.map((d) => d.orderId))).toEqual(new Set(ok.map((o) => o.taskId)));

    // Every order: its first profile succeeds, its second fails; ended twice at once, and again.
    const outcomes = new Map([
      [ids[0]!, 'success' as const],
      [ids[1]!, 'failed' as const],
    ]);
    await Promise.all(ok.flatMap((o) => [finalizeOrder(w.t.db, o.taskId, { outcomes }), finalizeOrder(w.t.db, o.taskId, { outcomes })]));
    await Promise.all(ok.map((o) => finalizeOrder(w.t.db, o.taskId, { outcomes })));
    const refunds = await w.t.db
      .select({ orderId: balanceLedger.orderId, cents: balanceLedger.amountCents })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, user.id), eq(balanceLedger.reason, 'refund')));
    expect(refunds).toHaveLength(30);
    expect(refunds.every((r) => r.cents === 7)).toBe(true);
    expect(new Set(refunds.map((r) => r.orderId)).size).toBe(30);
    expect(await balanceOf(user.id)).toEqual({ balance: 13 + 30 * 7, ledger: 13 + 30 * 7 });
    // Replays of the accepted request ids answer their orders and charge nothing more.
    const accepted = settled.map((s, i) => (s.status === 'fulfilled' ? i : -1)).filter((i) => i >= 0);
    const replays = await Promise.all(
      accepted.map((i) => sendOperation(w.t.db, sender, 'like', { profileIds: ids, targetUrl: freshUrl() }, { ...quiet, origin: { requestId: `ppa-par-${i}` } })),
    );
    expect(replays.every((r) => r.replayed)).toBe(true);
    expect(new Set(replays.map((r) => r.taskId))).toEqual(new Set(ok.map((o) => o.taskId)));
    expect(await balanceOf(user.id)).toEqual({ balance: 13 + 30 * 7, ledger: 13 + 30 * 7 });
  });
});
