import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, orders, watches, watchPosts } from '@/db/schema';
import { renderNotification } from '@/lib/domain/notifications/render-notification';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { actOnPosts, pollWatches } from '@/lib/domain/watches';
import type { SendOptions } from '@/lib/domain/operations';

/*
 * Issue #37 item 4: a watch is a v2 order of a subscription service (JustAnotherPanel's
 * "Subscriptions": username, min, max, posts, delay, expiry). `add` answers the watch's number,
 * `status` of that number its posts and the orders made from them, `cancel` stops it; every
 * refusal is the protocol's HTTP 200 {error, code} and writes nothing.
 */
const w = setupWorld();
const quiet: SendOptions['enqueue'] = async () => {};
type Body = Record<string, unknown>;

const publish = async (account: string) => {
  const res = await fetch(`${w.simUrl}/sim-provider/_control`, { method: 'POST', body: JSON.stringify({ publish: { platform: 'twitter', account } }) });
  return ((await res.json()) as { post: { id: string; url: string } }).post;
};
const watchesOf = (userId: number) => w.t.db.select().from(watches).where(eq(watches.userId, userId));
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
const dmy = (d: Date) => `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;

async function customer() {
  const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
  const { key } = await makeApiKey(w.t.db, user.id);
  return { user, key };
}

describe('subscription services (reseller API v2)', () => {
  it('lists a subscription service per action that acts on posts, with its own number and type', async () => {
    const { key } = await customer();
    const res = await callV2({ key, action: 'services' });
    const list = res.body as Body[];
    const like = list.find((s) => s.service === 1002);
    expect(like).toMatchObject({ key: 'like_subscription', type: 'Subscriptions', category: 'Twitter', refill: false, cancel: true, dripfeed: false, max: 10 });
    expect(String(like!.name)).toMatch(/^Like — every new post/);
    expect(list.find((s) => s.key === 'like')).toMatchObject({ service: 2, type: 'Default' });
    // A new post of one's own acts on no post: no subscription of it.
    expect(list.some((s) => s.service === 1005)).toBe(false);
    const de = (await callV2({ key, action: 'services', lang: 'de' })).body as Body[];
    expect(String(de.find((s) => s.service === 1002)!.name)).toMatch(/Abonnement/);
  });

  it('add → status → a published post acted on by min–max profiles → status lists its order; posts reached completes it', async () => {
    const { user, key } = await customer();
    const added = await callV2({ key, action: 'add', service: 1002, username: '@sub_watched_a', min: 2, max: 3, posts: 1, delay: 0, expiry: dmy(inDays(10)) });
    expect(added.body, JSON.stringify(added.body)).toEqual({ order: expect.any(Number), charge: '0.00' });
    const number = (added.body as { order: number }).order;
    const [watch] = await watchesOf(user.id);
    expect(watch).toMatchObject({ number, account: 'sub_watched_a', services: ['like'], perPostMin: 2, perPostMax: 3, postsTotal: 1, delayMinMinutes: 0, status: 'active' });
    expect(watch!.profileIds).toHaveLength(3);
    // Its number is not an order's number: the same sequence.
    expect(await w.t.db.select().from(orders).where(eq(orders.number, number))).toEqual([]);

    const before = await callV2({ key, action: 'status', order: number });
    expect(before.body).toEqual({ status: 'Active', expiry: watch!.endsAt.toISOString(), posts: '0', orders: [], charge: '0.00', currency: 'USD' });

    const post = await publish('sub_watched_a');
    await pollWatches(w.t.db, { client: fastClient(), enqueue: quiet });
    const made = await w.t.db.select().from(orders).where(eq(orders.watchId, watch!.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.targetUrl).toBe(post.url);
    expect(made[0]!.profileIds.length).toBeGreaterThanOrEqual(2);
    expect(made[0]!.profileIds.length).toBeLessThanOrEqual(3);
    expect(made[0]!.profileIds.every((id) => watch!.profileIds.includes(id))).toBe(true);

    const after = await callV2({ key, action: 'status', order: number });
    // `posts: 1` reached: the subscription completed by itself.
    expect(after.body).toMatchObject({ status: 'Completed', posts: '1', orders: [made[0]!.number], currency: 'USD' });
    // The customer is told why it ended: its posts were acted on.
    const [ended] = await w.t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'watch_ended')));
    expect(renderNotification('en', 'watch_ended', ended!.params).body).toBe('The watch of @sub_watched_a on Twitter ended: its one post was acted on.');
    // The order is an ordinary order for `status`; both in one `orders` call, with an unknown id.
    const many = await callV2({ key, action: 'status', orders: `${number},${made[0]!.number},999999999` });
    const byId = many.body as Record<string, Body>;
    expect(byId[String(number)]).toMatchObject({ status: 'Completed', orders: [made[0]!.number] });
    expect(byId[String(made[0]!.number)]).toMatchObject({ service: 'like', link: post.url });
    expect(byId['999999999']).toMatchObject({ code: 'ORDER_NOT_FOUND' });

    // A second post after completion is not acted on.
    await publish('sub_watched_a');
    await pollWatches(w.t.db, { now: new Date(Date.now() + 3600_000), client: fastClient(), enqueue: quiet });
    expect(await w.t.db.select().from(orders).where(eq(orders.watchId, watch!.id))).toHaveLength(1);
  });

  it('cancel stops a subscription: Canceled, no more posts acted on; a second cancel and another customer’s number are refused', async () => {
    const { user, key } = await customer();
    const other = await customer();
    const number = ((await callV2({ key, action: 'add', service: 'like_subscription', username: 'https://x.com/sub_watched_b', min: 1, max: 1 })).body as { order: number }).order;
    const [watch] = await watchesOf(user.id);
    // Without expiry: until the package's end; without posts: no cap.
    expect(watch!.postsTotal).toBeNull();
    expect(Math.abs(watch!.endsAt.getTime() - inDays(30).getTime())).toBeLessThan(60_000);

    expect((await callV2({ key: other.key, action: 'cancel', order: number })).body).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await callV2({ key: other.key, action: 'status', order: number })).body).toMatchObject({ code: 'ORDER_NOT_FOUND' });

    expect((await callV2({ key, action: 'cancel', order: number })).body).toEqual({ order: number, cancel: 1 });
    expect((await callV2({ key, action: 'status', order: number })).body).toMatchObject({ status: 'Canceled', posts: '0' });
    await publish('sub_watched_b');
    await pollWatches(w.t.db, { client: fastClient(), enqueue: quiet });
    expect(await w.t.db.select().from(watchPosts).where(eq(watchPosts.watchId, watch!.id))).toEqual([]);
    const again = await callV2({ key, action: 'cancel', orders: `${number}` });
    expect(again.body).toEqual([{ order: number, cancel: expect.objectContaining({ code: 'WATCH_ENDED' }) }]);
  });

  it('acts on `posts` posts exactly, when two pollers take two new posts at once (PostgreSQL: TEST_DB=postgres)', async () => {
    const { user, key } = await customer();
    await callV2({ key, action: 'add', service: 1002, username: 'sub_watched_e', min: 1, max: 2, posts: 1 });
    const [watch] = await watchesOf(user.id);
    const now = new Date(Date.now() + 1000);
    const post = (id: string) => ({ id, url: `https://x.com/sub_watched_e/status/${id}`, created_at: now.toISOString(), text: 'hi' });
    await Promise.all([
      actOnPosts(w.t.db, watch!, [post('1800000000000000901')], { now, enqueue: quiet }),
      actOnPosts(w.t.db, watch!, [post('1800000000000000902')], { now, enqueue: quiet }),
      actOnPosts(w.t.db, watch!, [post('1800000000000000902'), post('1800000000000000901')], { now, enqueue: quiet }),
    ]);
    const rows = await w.t.db.select().from(watchPosts).where(eq(watchPosts.watchId, watch!.id));
    expect(rows.filter((r) => r.status === 'ordered')).toHaveLength(1);
    expect(await w.t.db.select().from(orders).where(eq(orders.watchId, watch!.id))).toHaveLength(1);
    expect((await watchesOf(user.id))[0]).toMatchObject({ status: 'ended', endReason: 'posts' });
  });

  it('takes request_id: the same one answers the same subscription', async () => {
    const { user, key } = await customer();
    const fields = { key, action: 'add', service: 1001, username: 'sub_watched_c', min: 1, max: 2, request_id: 'sub-1' };
    const first = (await callV2(fields)).body as { order: number };
    const second = (await callV2(fields)).body as { order: number };
    expect(second.order).toBe(first.order);
    expect(await watchesOf(user.id)).toHaveLength(1);
  });

  it('refuses bad input with a clear {error, code} in the request’s language, and writes nothing', async () => {
    const { user, key } = await customer();
    const base = { key, action: 'add', service: 1002, username: '@sub_watched_d', min: 1, max: 2 };
    const cases: [Body, string, string?][] = [
      [{ username: 'https://www.instagram.com/sub_watched_d/' }, 'WATCH_ACCOUNT_INVALID'],
      [{ username: 'way_too_long_for_x_handle' }, 'WATCH_ACCOUNT_INVALID'],
      [{ username: undefined }, 'VALIDATION_FAILED', 'username'],
      [{ expiry: dmy(inDays(60)) }, 'WATCH_ENDS_AT_INVALID'],
      [{ expiry: dmy(inDays(-2)) }, 'WATCH_ENDS_AT_INVALID'],
      [{ expiry: '31/02/2027' }, 'VALIDATION_FAILED', 'expiry'],
      [{ expiry: 'tomorrow' }, 'VALIDATION_FAILED', 'expiry'],
      [{ min: 3, max: 2 }, 'VALIDATION_FAILED', 'min'],
      [{ min: undefined }, 'VALIDATION_FAILED', 'min'],
      [{ max: 501 }, 'VALIDATION_FAILED', 'max'],
      [{ posts: -1 }, 'VALIDATION_FAILED', 'posts'],
      [{ delay: 7 }, 'VALIDATION_FAILED', 'delay'],
      [{ link: 'https://x.com/a/status/1790000000000000001' }, 'VALIDATION_FAILED', 'service'],
      [{ quantity: 2 }, 'VALIDATION_FAILED', 'service'],
      [{ min: 11, max: 11 }, 'PROFILE_LIMIT_EXCEEDED'],
      [{ service: 1005 }, 'VALIDATION_FAILED', 'service'],
    ];
    for (const [extra, code, path] of cases) {
      const res = await callV2({ ...base, ...extra } as never);
      expect([res.status, (res.body as Body).code], JSON.stringify(extra)).toEqual([200, code]);
      if (path) expect((res.body as { errors: { path: string }[] }).errors.map((e) => e.path), JSON.stringify(extra)).toContain(path);
    }
    // In the request's language.
    const de = await callV2({ ...base, delay: 7, lang: 'de' });
    expect(JSON.stringify(de.body)).toMatch(/Abonnement: delay muss/);
    const en = await callV2({ ...base, min: 3, max: 2 });
    expect(JSON.stringify(en.body)).toMatch(/min no more than max/);
    const tr = await callV2({ ...base, username: 'https://www.instagram.com/x/', lang: 'tr' });
    expect((tr.body as Body).error).toBeTruthy();
    expect(await watchesOf(user.id)).toEqual([]);
  });
});
