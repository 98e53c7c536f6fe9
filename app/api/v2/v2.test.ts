import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeys, balanceLedger, orders, platforms, profiles, rateLimitBuckets, siteSettings, usageCounters, users } from '@/db/schema';
import { onPostgres } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { finalizeOrder, processOrder } from '@/lib/domain/operations';
import { setupWorld, makeUser, URLS } from '@/test/fixtures/world';
import { appToday } from '@/lib/infra/time';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { getOrderStatuses, statusPrefetch } from '@/lib/domain/reseller';
import { API_KEY_REQUEST_BUCKET, API_KEY_REQUESTS_PER_MINUTE, authenticateApiKeyRequest } from '@/lib/domain/api-keys';
import { parseOrderViewTexts } from '@/lib/domain/order-view';
import type { ProviderClient } from '@/lib/domain/provider';
import { sendHandler } from '@/app/api/_lib/platform-routes';

const like = sendHandler('like');

const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 50, profilLimit: 10 }, instagram: { gunlukLimit: 50, profilLimit: 10 }, youtube: { gunlukLimit: 50, profilLimit: 10 } };

beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
});

/** A protocol refusal: HTTP 200 with `error` and `code` (issue #33 item 2). */
const codeOf = (res: { body: unknown }) => (res.body as { code?: string } | null)?.code;
/** The call did what it was asked: HTTP 200 and no refusal. */
const done = (res: { status: number; body: unknown }) => res.status === 200 && codeOf(res) === undefined;

async function reseller(options: Parameters<typeof makeUser>[1] = { packages: PKG }) {
  const made = await makeUser(w.t, options);
  const { key, id } = await makeApiKey(w.t.db, made.user.id);
  return { ...made, key, keyId: id };
}

// Not URLS.tweet (…0000000000001): a fresh tweet is one no send of this file used yet.
const tweet = (n: number) => `https://x.com/etkilesim/status/17910000000000${String(n).padStart(5, '0')}`;
let tweetCounter = 0;
const freshTweet = () => tweet(++tweetCounter);

async function twitterIds(n: number) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(0, n).map((r) => r.id);
}
async function orderOf(id: string | number) {
  const [row] = await w.t.db.select().from(orders).where(typeof id === 'number' ? eq(orders.number, id) : eq(orders.id, id));
  return row!;
}
/** The UUID of the order an `add` answered (issue #33: `add` answers the number; these tests name orders by UUID, which stays accepted). */
async function uuidOf(res: { body: unknown }) {
  return (await orderOf((res.body as { order: number }).order)).id;
}
/** Ends an order as the worker would, with these profiles successful and the others failed. */
async function finish(orderId: string | number, successful: number[]) {
  const order = await orderOf(orderId);
  const outcomes = new Map(order.profileIds.map((id) => [id, successful.includes(id) ? ('success' as const) : ('failed' as const)]));
  await finalizeOrder(w.t.db, order.id, { outcomes });
}

describe('the protocol shape', () => {
  it('takes form-encoded and JSON bodies alike', async () => {
    const r = await reseller();
    const form = await callV2({ key: r.key, action: 'balance' });
    const json = await callV2({ key: r.key, action: 'balance' }, { json: true });
    expect(form.status).toBe(200);
    expect(form.body).toEqual({ balance: '0.00', currency: 'USD' });
    expect(json.body).toEqual(form.body);
  });

  it('answers an unknown or missing action with UNKNOWN_ACTION, and bad fields with VALIDATION_FAILED, as HTTP 200 refusals', async () => {
    const r = await reseller();
    for (const action of ['explode', undefined]) {
      const res = await callV2({ key: r.key, action }, { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_ACTION', error: expect.stringContaining('Unknown action') });
    }
    const bad = await callV2({ key: r.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 'many' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String), errors: [{ path: 'quantity', message: expect.any(String) }] });
    expect(bad.body).not.toHaveProperty('success');
    const many = await callV2({ key: r.key, action: 'status', orders: Array.from({ length: 101 }, (_, i) => `id${i}`) });
    expect(many.status).toBe(200);
    expect(codeOf(many)).toBe('VALIDATION_FAILED');
  });

  it('shows the balance as decimal text in USD', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 1250 });
    expect((await callV2({ key: r.key, action: 'balance' })).body).toEqual({ balance: '12.50', currency: 'USD' });
  });
});

describe('services', () => {
  it('lists the services of active platforms with rate, limits and capabilities', async () => {
    const r = await reseller({ packages: { twitter: { gunlukLimit: 5, profilLimit: 7 } } });
    await w.t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'youtube'));
    try {
      const res = await callV2({ key: r.key, action: 'services' }, { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      const list = res.body as Record<string, unknown>[];
      const byKey = Object.fromEntries(list.map((s) => [s.key, s]));
      expect(list.some((s) => String(s.key).startsWith('youtube'))).toBe(false);
      // Issue #33 item 6: the package's $1.00 over 5 orders × 7 profiles × 30 days, per 1000 actions, rounded up.
      expect(byKey.like).toEqual({ service: 2, key: 'like', name: 'Like', type: 'Default', category: 'Twitter', rate: '0.96', billing: 'package', min: 1, max: 7, refill: true, cancel: true, dripfeed: true });
      expect(byKey.comment).toMatchObject({ type: 'Comments', max: 7 });
      expect(byKey.new_tweet).toMatchObject({ type: 'Tweet', rate: '15000.00', rate_min: '2000.00', billing: 'balance', refill: false });
      // No Instagram package: that platform can be listed but not ordered.
      expect(byKey.reels_like).toMatchObject({ category: 'Instagram', max: 0 });
    } finally {
      await w.t.db.update(platforms).set({ aktif: true }).where(eq(platforms.ad, 'youtube'));
    }
  });
});

describe('add', () => {
  it('places an order through the UI’s send: same order row, usage and job, marked with the key', async () => {
    const r = await reseller();
    const ids = await twitterIds(3);
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: URLS.tweet, profile_ids: ids.join(',') });
    expect(res.status).toBe(200);
    const { order } = res.body as { order: string };
    const row = await orderOf(order);
    expect(row).toMatchObject({ userId: r.user.id, service: 'like', targetUrl: URLS.tweet, profileIds: ids, status: 'pending', apiKeyId: r.keyId, priceCents: 0 });
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'like')));
    expect(usage!.count).toBe(1);
  });

  it('picks `quantity` profiles itself: never one that already acted on the target, the most reliable first', async () => {
    const r = await reseller();
    const target = freshTweet();
    const all = await twitterIds(60);
    // Profile all[0] already liked this tweet (in someone else's order): it cannot like it again.
    const other = await makeUser(w.t, { packages: PKG });
    const sent = await call(like, { token: other.token, body: { profile_ids: [all[0]], tweet_url: target } });
    await finish(sent.body.task_id as string, [all[0]!]);
    // A record: all[5] succeeded twice elsewhere, all[1] failed twice.
    for (let i = 0; i < 2; i++) {
      const o = await call(like, { token: other.token, body: { profile_ids: [all[5], all[1]], tweet_url: freshTweet() } });
      await finish(o.body.task_id as string, [all[5]!]);
    }
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: target, quantity: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const picked = (await orderOf(await uuidOf(res))).profileIds;
    expect(picked).toHaveLength(4);
    expect(picked).not.toContain(all[0]);
    expect(picked[0]).toBe(all[5]);
    expect(picked).not.toContain(all[1]);
    expect(new Set(picked).size).toBe(4);
  });

  it('refuses given profile_ids that already acted on the link for the service with ALREADY_DONE and those ids', async () => {
    const r = await reseller();
    const target = freshTweet();
    const ids = await twitterIds(3);
    expect((await callV2({ key: r.key, action: 'add', service: 'like', link: target, profile_ids: ids.slice(1).join(',') })).status).toBe(200);
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: target, profile_ids: ids.join(',') }, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ALREADY_DONE', count: '2', profile_ids: ids.slice(1), error: '2 selected profiles have already done this on this target, or are doing it now. Remove them and try again.' });
  });

  it('refuses a quantity above the suitable profiles with NOT_ENOUGH_PROFILES', async () => {
    const r = await reseller({ packages: { twitter: { gunlukLimit: 50, profilLimit: 500 } } });
    const active = (await twitterIds(500)).length;
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: active + 1 }, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'NOT_ENOUGH_PROFILES', available: String(active), error: `There are not enough suitable profiles for this target (at most ${active} right now).` });
  });

  it('maps comments to the prompt of a comment service and to the text of a new tweet', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const c = await callV2({ key: r.key, action: 'add', service: 'reels_comment', link: URLS.reel, quantity: 2, comments: 'Kısa ve olumlu' });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(await orderOf(await uuidOf(c))).toMatchObject({ service: 'reels_comment', prompt: 'Kısa ve olumlu', targetUrl: URLS.reel });
    const t = await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'Merhaba dünya', quantity: 1 });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    const row = await orderOf(await uuidOf(t));
    expect(row).toMatchObject({ service: 'new_tweet', tweetText: 'Merhaba dünya' });
    expect(row.priceCents).toBeGreaterThan(0);
  });

  it('answers §8’s codes as {error, code} with HTTP 200, counts and money as text', async () => {
    const none = await reseller({ packages: {} });
    const noPkg = await callV2({ key: none.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 1 }, { headers: { 'accept-language': 'en' } });
    expect(noPkg.status).toBe(200);
    expect(noPkg.body).toMatchObject({ code: 'NO_PACKAGE', error: expect.any(String) });

    const small = await reseller({ packages: { twitter: { gunlukLimit: 1, profilLimit: 2 } } });
    const over = await callV2({ key: small.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 3 });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED', limit: '2' });
    expect(done(await callV2({ key: small.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 1 }))).toBe(true);
    const daily = await callV2({ key: small.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 1 });
    expect(daily.status).toBe(200);
    expect(daily.body).toMatchObject({ code: 'DAILY_LIMIT_EXCEEDED', limit: '1' });

    await w.t.db.update(siteSettings).set({ cooldownSeconds: 60 }).where(eq(siteSettings.id, 1));
    const cool = await reseller();
    expect(done(await callV2({ key: cool.key, action: 'add', service: 'retweet', link: URLS.tweet, quantity: 1 }))).toBe(true);
    const wait = await callV2({ key: cool.key, action: 'add', service: 'retweet', link: URLS.tweet, quantity: 1 });
    expect(wait.status).toBe(200);
    expect(wait.body).toMatchObject({ code: 'COOLDOWN_ACTIVE', retry_after: expect.stringMatching(/^[1-9]\d*$/) });
    expect(wait.body).not.toHaveProperty('remainingSeconds');
    expect(Number(wait.headers.get('retry-after'))).toBeGreaterThan(0);

    const poor = await reseller({ packages: PKG, bakiyeCents: 1 });
    const pay = await callV2({ key: poor.key, action: 'add', service: 'new_tweet', comments: 'Para yok', quantity: 1 });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', current: '0.01', required: expect.stringMatching(/^\d+\.\d\d$/) });

    const link = await callV2({ key: poor.key, action: 'add', service: 'like', link: 'https://example.com/x', quantity: 1 }, { headers: { 'accept-language': 'en' } });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Enter a valid tweet link (https://x.com/user/status/...).', errors: [{ path: 'link' }] });

    // Drip-feed needs an interval, ends within 24 h, and is not combined with a spread.
    for (const bad of [{ runs: 3 }, { runs: 3, interval: 1000 }, { runs: 2, interval: 10, spread_minutes: 30 }, { runs: 101, interval: 1 }]) {
      const drip = await callV2({ key: poor.key, action: 'add', service: 'like', link: URLS.tweet, quantity: 1, ...bad }, { headers: { 'accept-language': 'en' } });
      expect(drip.status, JSON.stringify(bad)).toBe(200);
      expect(drip.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/^Drip-feed: /) });
    }
  });

  it('answers the same order for the same request_id and makes no second one', async () => {
    const r = await reseller();
    const fields = { key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 2, request_id: 'abc-123' };
    const first = await callV2(fields);
    const again = await callV2(fields);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.requestId).toBe('abc-123');
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.day, appToday())));
    expect(usage!.count).toBe(1);
    // Another request id is another order; the same id of another account is that account's own.
    expect((await callV2({ ...fields, request_id: 'abc-124' })).body).not.toEqual(first.body);
    const s = await reseller();
    expect((await callV2({ ...fields, key: s.key })).body).not.toEqual(first.body);
  });
});

describe('status', () => {
  it('maps every state, counts remains and lists each profile’s result', async () => {
    const r = await reseller();
    const ids = await twitterIds(3);
    const place = async () => await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), profile_ids: ids }));
    const pending = await place();
    const processing = await place();
    await w.t.db.update(orders).set({ status: 'processing', results: [{ profile_id: ids[0]!, result: 'success' }, { profile_id: ids[1]!, result: 'pending' }, { profile_id: ids[2]!, result: 'pending' }] }).where(eq(orders.id, processing));
    const completed = await place();
    await finish(completed, ids);
    const partial = await place();
    await finish(partial, [ids[0]!]);
    const failed = await place();
    await finish(failed, []);

    const one = await callV2({ key: r.key, action: 'status', order: partial });
    expect(one.status).toBe(200);
    const [u0] = await w.t.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, ids[0]!));
    expect(one.body).toMatchObject({ charge: '0.00', start_count: '0', status: 'Partial', remains: '2', currency: 'USD', order_status: 'partial' });
    expect((one.body as { profiles: unknown[] }).profiles).toEqual([
      { profile_id: ids[0], username: u0!.username, result: 'success' },
      { profile_id: ids[1], username: expect.any(String), result: 'failed' },
      { profile_id: ids[2], username: expect.any(String), result: 'failed' },
    ]);

    const stranger = await reseller();
    const strangers = await uuidOf(await callV2({ key: stranger.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    const many = await callV2({ key: r.key, action: 'status', orders: [pending, processing, completed, partial, failed, strangers, 'nonsense'].join(',') }, { headers: { 'accept-language': 'en' } });
    expect(many.status).toBe(200);
    const body = many.body as Record<string, { status?: string; remains?: string; error?: string; code?: string }>;
    expect(body[pending]).toMatchObject({ status: 'Pending', remains: '3' });
    expect(body[processing]).toMatchObject({ status: 'In progress', remains: '2' });
    expect(body[completed]).toMatchObject({ status: 'Completed', remains: '0' });
    expect(body[partial]).toMatchObject({ status: 'Partial', remains: '2' });
    expect(body[failed]).toMatchObject({ status: 'Canceled', remains: '3', order_status: 'failed' });
    expect(body[strangers]).toEqual({ error: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    expect(body.nonsense).toEqual(body[strangers]);

    const missing = await callV2({ key: r.key, action: 'status', order: strangers });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it('shows what a paid order cost after refunds', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const res = await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'İki profil', quantity: 2 });
    const order = await uuidOf(res);
    const row = await orderOf(order);
    await finish(order, [row.profileIds[0]!]);
    const status = (await callV2({ key: r.key, action: 'status', order })).body as { charge: string };
    const kept = row.profilePricesCents[String(row.profileIds[0])]!;
    expect(status.charge).toBe((kept / 100).toFixed(2));
  });
});

describe('status read with the key check (one statement)', () => {
  it('reads exactly the ids of a list the schema accepts, well-formed ones only', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA';
    expect(statusPrefetch({ action: 'status', orders: ` ${a}, ${b},,nonsense ` })?.of).toBe(`${a},${b.toLowerCase()}`);
    expect(statusPrefetch({ action: 'status', orders: [a, b] })?.of).toBe(`${a},${b.toLowerCase()}`);
    expect(statusPrefetch({ action: 'status', order: a })?.of).toBe(a);
    expect(statusPrefetch({ action: 'status', orders: 'nonsense' })).toBeUndefined();
    expect(statusPrefetch({ action: 'status', orders: Array.from({ length: 101 }, () => a).join(',') })).toBeUndefined();
    expect(statusPrefetch({ action: 'cancel', orders: a })).toBeUndefined();
    expect(statusPrefetch({ action: 'status' })).toBeUndefined();
  });

  it('finds the owner’s orders in the key check’s statement, only for a working key', async () => {
    const r = await reseller();
    const mine = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    const other = await reseller();
    const theirs = await uuidOf(await callV2({ key: other.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    const prefetch = statusPrefetch({ action: 'status', orders: `${mine},${theirs}` })!;
    const caller = await authenticateApiKeyRequest(w.t.db, r.key, new Date(), prefetch.read);
    const views = parseOrderViewTexts(caller!.also);
    expect([...views.keys()]).toEqual([mine, String((await orderOf(mine)).number)]);
    expect(JSON.parse(views.get(mine)!)).toMatchObject({ status: 'Pending', order_status: 'pending', service: 'like' });
    // Without the read, nothing extra comes back.
    expect((await authenticateApiKeyRequest(w.t.db, r.key))!.also).toBeNull();

    // A request over the key's limit reads nothing (it is refused with 429): a script hammering
    // past its limit costs the key check only.
    const bucket = `${API_KEY_REQUEST_BUCKET}${r.keyId}`;
    await w.t.db.update(rateLimitBuckets).set({ count: API_KEY_REQUESTS_PER_MINUTE }).where(eq(rateLimitBuckets.key, bucket));
    const limited = (await authenticateApiKeyRequest(w.t.db, r.key, new Date(), prefetch.read))!;
    expect(limited.hit.allowed).toBe(false);
    expect(limited.also).toBeNull();
    await w.t.db.update(rateLimitBuckets).set({ count: 0 }).where(eq(rateLimitBuckets.key, bucket));
    expect((await authenticateApiKeyRequest(w.t.db, r.key, new Date(), prefetch.read))!.also).not.toBeNull();

    // A revoked key reads nothing (and is refused).
    await w.t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, r.keyId));
    expect(await authenticateApiKeyRequest(w.t.db, r.key, new Date(), prefetch.read)).toBeNull();
  });

  it('answers from what the key check read, and reads again when it was for other ids', async () => {
    const r = await reseller();
    const order = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    const prefetch = statusPrefetch({ action: 'status', order })!;
    const also = (await authenticateApiKeyRequest(w.t.db, r.key, new Date(), prefetch.read))!.also;
    // A database that refuses every statement: the answer can only come from the prefetched text.
    const refusing = new Proxy(w.t.db, {
      get() {
        throw new Error('no statement expected');
      },
    });
    const found = await getOrderStatuses(refusing, r.user.id, [order], 'order', { of: prefetch.of, text: also });
    expect(found.get(order)).toMatchObject({ ok: true });
    // Read for other ids: the orders are read again.
    const again = await getOrderStatuses(w.t.db, r.user.id, [order], 'order', { of: 'something else', text: null });
    expect(again.get(order)).toEqual(found.get(order));
    await expect(getOrderStatuses(refusing, r.user.id, [order], 'order', { of: 'something else', text: null })).rejects.toThrow('no statement expected');
  });
});

describe('cancel', () => {
  it('cancels an order that has not started, gives its use back and refunds its charge exactly once', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const res = await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'Vazgeçtim', quantity: 2 });
    const order = await uuidOf(res);
    const price = (await orderOf(order)).priceCents;
    expect(price).toBeGreaterThan(0);

    const out = await callV2({ key: r.key, action: 'cancel', orders: order });
    expect(out.body).toEqual([{ order, cancel: 1 }]);
    const again = await callV2({ key: r.key, action: 'cancel', orders: order }, { headers: { 'accept-language': 'en' } });
    expect(again.body).toEqual([{ order, cancel: { error: 'This order has already started or ended and cannot be cancelled.', code: 'ORDER_NOT_CANCELLABLE' } }]);

    const row = await orderOf(order);
    expect(row).toMatchObject({ status: 'cancelled', refundedCents: price });
    const [u] = await w.t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, r.user.id));
    expect(u!.b).toBe(100_000);
    const refunds = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, order), eq(balanceLedger.reason, 'refund')));
    expect(refunds).toHaveLength(1);
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'new_tweet')));
    expect(usage!.count).toBe(0);
    expect(((await callV2({ key: r.key, action: 'status', order })).body as { status: string }).status).toBe('Canceled');
  });

  it('places a scheduled, spread order (Pending, order_status scheduled) and cancels it before it starts', async () => {
    const r = await reseller();
    const startAt = new Date(Date.now() + 2 * 3600_000);
    const bad = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1, start_at: '2020-01-01T00:00:00Z' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ code: 'START_AT_INVALID' });
    const badSpread = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1, spread_minutes: 'soon' });
    expect(badSpread.body).toMatchObject({ code: 'SPREAD_INVALID' });

    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 3, start_at: startAt.toISOString(), spread_minutes: 60 });
    expect(res.status).toBe(200);
    const order = await uuidOf(res);
    const row = await orderOf(order);
    expect(row).toMatchObject({ status: 'scheduled', startAt, spreadMinutes: 60, apiKeyId: r.keyId });
    expect(row.batches.flatMap((b) => b.profile_ids).sort()).toEqual([...row.profileIds].sort());
    expect((await callV2({ key: r.key, action: 'status', order })).body).toMatchObject({ status: 'Pending', order_status: 'scheduled' });

    expect((await callV2({ key: r.key, action: 'cancel', order })).body).toEqual({ order, cancel: 1 });
    expect((await callV2({ key: r.key, action: 'status', order })).body).toMatchObject({ status: 'Canceled', order_status: 'cancelled' });
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'like')));
    expect(usage!.count).toBe(0);
  });

  it('drip-feeds an order: quantity profiles per run, runs runs, interval minutes apart, as one order', async () => {
    const r = await reseller();
    const startAt = new Date(Date.now() + 3600_000);
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 2, runs: 3, interval: 10, start_at: startAt.toISOString() });
    expect(res.status).toBe(200);
    const row = await orderOf(await uuidOf(res));
    expect(row).toMatchObject({ status: 'scheduled', profileCount: 6, spreadMinutes: 20 });
    expect(row.batches.map((b) => [new Date(b.at).getTime() - startAt.getTime(), b.profile_ids.length])).toEqual([
      [0, 2],
      [600_000, 2],
      [1_200_000, 2],
    ]);
    expect(row.batches.flatMap((b) => b.profile_ids)).toEqual(row.profileIds);

    // Chosen profiles are split over the runs the same way; quantity then counts per run.
    const picked = await orderOf(await uuidOf(await callV2({ key: r.key, action: 'add', service: 'retweet', link: freshTweet(), quantity: 4 })));
    const mismatch = await callV2({ key: r.key, action: 'add', service: 'bookmark', link: freshTweet(), profile_ids: picked.profileIds.join(','), quantity: 4, runs: 2, interval: 5 });
    expect(mismatch.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const chosen = await callV2({ key: r.key, action: 'add', service: 'bookmark', link: freshTweet(), profile_ids: picked.profileIds.join(','), quantity: 2, runs: 2, interval: 5 });
    expect(chosen.status).toBe(200);
    const split = await orderOf(await uuidOf(chosen));
    expect(split.batches.map((b) => b.profile_ids)).toEqual([picked.profileIds.slice(0, 2), picked.profileIds.slice(2)]);
  });

  it('the worker never dispatches a cancelled order', async () => {
    const r = await reseller();
    const order = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    expect((await callV2({ key: r.key, action: 'cancel', order })).body).toEqual({ order, cancel: 1 });
    const calls: string[] = [];
    const client: ProviderClient = {
      send: async (url: string) => {
        calls.push(url);
        throw new Error('must not be called');
      },
      status: async (url: string) => {
        calls.push(url);
        throw new Error('must not be called');
      },
    } as unknown as ProviderClient;
    expect(await processOrder(w.t.db, order, { client, emit: () => {} })).toBe('already_final');
    expect(calls).toEqual([]);
    expect((await orderOf(order)).status).toBe('cancelled');
  });

  it('refuses an order already started, another user’s order and nonsense, each on its own', async () => {
    const r = await reseller();
    const started = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    await w.t.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, started));
    const open = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'retweet', link: freshTweet(), quantity: 1 }));
    const s = await reseller();
    const theirs = await uuidOf(await callV2({ key: s.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 }));
    const res = await callV2({ key: r.key, action: 'cancel', orders: [started, theirs, 'x', open].join(',') });
    expect(res.status).toBe(200);
    expect((res.body as { order: string; cancel: unknown }[]).map((x) => [x.order, x.cancel === 1 ? 1 : (x.cancel as { code: string }).code])).toEqual([
      [started, 'ORDER_NOT_CANCELLABLE'],
      [theirs, 'ORDER_NOT_FOUND'],
      ['x', 'ORDER_NOT_FOUND'],
      [open, 1],
    ]);
    expect((await orderOf(theirs)).status).toBe('pending');
    const single = await callV2({ key: r.key, action: 'cancel', order: started });
    expect(single.status).toBe(200);
    expect(codeOf(single)).toBe('ORDER_NOT_CANCELLABLE');
  });
});

describe('refill', () => {
  it('re-runs a partial order’s failed profiles with other profiles, free, once', async () => {
    const r = await reseller();
    const target = freshTweet();
    const ids = await twitterIds(4);
    const order = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: target, profile_ids: ids.join(',') }));
    await finish(order, [ids[0]!, ids[1]!]);

    const res = await callV2({ key: r.key, action: 'refill', order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const refillId = (res.body as { refill: number }).refill;
    const refill = await orderOf(refillId);
    expect(refill).toMatchObject({ refillOf: order, priceCents: 0, usageDay: null, service: 'like', targetUrl: target, status: 'pending', userId: r.user.id });
    expect(refill.profileIds).toHaveLength(2);
    for (const id of refill.profileIds) expect(ids).not.toContain(id);
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'like')));
    expect(usage!.count).toBe(1);

    const again = await callV2({ key: r.key, action: 'refill', orders: order });
    expect(again.body).toEqual([{ order, refill: expect.objectContaining({ code: 'REFILL_ALREADY_REQUESTED' }) }]);

    expect((await callV2({ key: r.key, action: 'refill_status', refill: refillId })).body).toMatchObject({ status: 'Pending', refill_of: (await orderOf(order)).number });
    await finish(refillId, refill.profileIds);
    const many = await callV2({ key: r.key, action: 'refill_status', refills: [refillId, order].join(',') });
    expect(many.body).toEqual([
      { refill: refillId, status: 'Completed' },
      { refill: order, status: expect.objectContaining({ code: 'REFILL_NOT_FOUND' }) },
    ]);
  });

  it('refuses orders that are not partial, older than 7 days, or paid new tweets', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const ids = await twitterIds(2);
    const done = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), profile_ids: ids }));
    await finish(done, ids);
    const old = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'retweet', link: freshTweet(), profile_ids: ids }));
    await finish(old, [ids[0]!]);
    await w.t.db.update(orders).set({ completedAt: new Date(Date.now() - 8 * 86400_000) }).where(eq(orders.id, old));
    const paid = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'x', profile_ids: ids }));
    await finish(paid, [ids[0]!]);
    const pending = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'bookmark', link: freshTweet(), profile_ids: ids }));

    const res = await callV2({ key: r.key, action: 'refill', orders: [done, old, paid, pending].join(',') });
    expect((res.body as { refill: { code: string } }[]).map((x) => x.refill.code)).toEqual([
      'REFILL_NOT_AVAILABLE',
      'REFILL_EXPIRED',
      'REFILL_NOT_AVAILABLE',
      'REFILL_NOT_AVAILABLE',
    ]);
    expect(codeOf(await callV2({ key: r.key, action: 'refill', order: old }))).toBe('REFILL_EXPIRED');
  });
});

describe('bad input with a working key', () => {
  it('never answers 5xx and always explains a refusal as {error, code}', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 500 });
    const nasty = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', '\u0000', "'; drop table orders; --", 'x'.repeat(5000), '-1', '0', '1e309', 'NaN', '1,2,3', ',,,', URLS.tweet, URLS.reel, '00000000-0000-0000-0000-000000000000'),
      fc.integer(),
      fc.double(),
    );
    const fields = fc.record(
      {
        action: fc.constantFrom('services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance', 'nope'),
        service: fc.oneof(fc.constantFrom('like', 'new_tweet', 'reels_comment', 'youtube_subscribe', 'LIKE'), nasty),
        link: nasty,
        quantity: nasty,
        profile_ids: nasty,
        comments: nasty,
        runs: nasty,
        request_id: nasty,
        order: nasty,
        orders: nasty,
        refill: nasty,
        refills: nasty,
      },
      { requiredKeys: ['action'] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (f, json) => {
        const res = await callV2({ key: r.key, ...(f as Record<string, string | number>) }, { json });
        const context = `${JSON.stringify(f).slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, context).toBeLessThan(500);
        if (res.status >= 400 || codeOf(res) !== undefined) {
          const body = res.body as { error?: unknown; code?: unknown };
          expect(typeof body.error === 'string' && body.error.length > 0 && typeof body.code === 'string', context).toBe(true);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: 20261116 },
    );
  }, 120_000);
});

describe.skipIf(!onPostgres())('under concurrency (PostgreSQL)', () => {
  it('makes one order of 50 parallel adds with one request_id', async () => {
    const r = await reseller();
    const fields = { key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 3, request_id: 'same-50' };
    const results = await Promise.all(Array.from({ length: 50 }, () => callV2(fields)));
    expect(results.map((x) => x.status)).toEqual(Array(50).fill(200));
    const orderIds = new Set(results.map((x) => (x.body as { order: number }).order));
    expect(orderIds.size).toBe(1);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id))).toHaveLength(1);
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'like')));
    expect(usage!.count).toBe(1);
  });

  it('keeps one daily limit exact when UI and API sends race', async () => {
    const r = await reseller({ packages: { twitter: { gunlukLimit: 10, profilLimit: 5 } } });
    const ids = await twitterIds(2);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? call(like, { token: r.token, body: { profile_ids: ids, tweet_url: freshTweet() } }).then((x) => ({ status: x.status, code: x.body.code }))
          : callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), profile_ids: ids }).then((x) => ({ status: x.status, code: (x.body as { code?: string }).code })),
      ),
    );
    // The UI's send answers 429; the protocol answers the same refusal as HTTP 200 with its code.
    expect(results.filter((x) => x.status === 200 && x.code === undefined)).toHaveLength(10);
    expect(results.filter((x) => x.status !== 200 || x.code !== undefined).every((x) => x.code === 'DAILY_LIMIT_EXCEEDED')).toBe(true);
    const [usage] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, r.user.id), eq(usageCounters.service, 'like')));
    expect(usage!.count).toBe(10);
    const [{ n }] = (await w.t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, r.user.id))) as [{ n: number }];
    expect(n).toBe(10);
  });

  it('refills an order once when two refills race', async () => {
    const r = await reseller();
    const ids = await twitterIds(3);
    const order = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), profile_ids: ids }));
    await finish(order, [ids[0]!]);
    const results = await Promise.all(Array.from({ length: 10 }, () => callV2({ key: r.key, action: 'refill', order })));
    expect(results.filter(done)).toHaveLength(1);
    expect(results.filter((x) => !done(x)).every((x) => codeOf(x) === 'REFILL_ALREADY_REQUESTED')).toBe(true);
  });

  it('refunds a cancelled order exactly once when cancels race', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const order = await uuidOf(await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'yarış', quantity: 1 }));
    const results = await Promise.all(Array.from({ length: 10 }, () => callV2({ key: r.key, action: 'cancel', order })));
    expect(results.filter(done)).toHaveLength(1);
    const refunds = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, order), eq(balanceLedger.reason, 'refund')));
    expect(refunds).toHaveLength(1);
    const [u] = await w.t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, r.user.id));
    expect(u!.b).toBe(100_000);
  });
});

