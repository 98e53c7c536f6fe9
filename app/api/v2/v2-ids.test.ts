import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, siteSettings } from '@/db/schema';
import { onPostgres } from '@/test/fixtures/db';
import { finalizeOrder } from '@/lib/domain/operations';
import { setupWorld, makeUser, URLS } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { SERVICE_IDS } from '@/lib/domain/catalogue/services';

/*
 * Issue #33 item 1: integer ids on the wire, driven the way third-party reseller tools drive
 * /api/v2: form-encoded fields, no Accept-Language, ids read as integers (PHP's `int $orderId`) and
 * sent back as form text. Refusals are read from `code` (their HTTP status is another item's).
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 100, profilLimit: 10 }, instagram: { gunlukLimit: 100, profilLimit: 10 }, youtube: { gunlukLimit: 100, profilLimit: 10 } };

beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
});

async function reseller() {
  const made = await makeUser(w.t, { packages: PKG });
  const { key } = await makeApiKey(w.t.db, made.user.id);
  return { ...made, key };
}

let counter = 0;
const freshTweet = () => `https://x.com/etkilesim/status/17920000000000${String(++counter).padStart(5, '0')}`;

/** What a tool does with `add`'s answer: `(int) $res->order`, refusing anything that is not an integer. */
async function add(key: string, fields: Record<string, string | number> = {}): Promise<number> {
  const res = await callV2({ key, action: 'add', service: 'like', link: freshTweet(), quantity: 1, ...fields });
  const order = (res.body as { order?: unknown }).order;
  expect(typeof order, JSON.stringify(res.body)).toBe('number');
  expect(Number.isInteger(order)).toBe(true);
  return order as number;
}

async function rowOf(number: number) {
  const [row] = await w.t.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

/** Ends an order as the worker would, with its first `successes` profiles successful. */
async function finish(number: number, successes: number) {
  const row = await rowOf(number);
  await finalizeOrder(w.t.db, row.id, { outcomes: new Map(row.profileIds.map((id, i) => [id, i < successes ? ('success' as const) : ('failed' as const)])) });
}

describe('order ids are integers', () => {
  it('answers add with a JSON number, the next one for each new order, and the same for a repeated request_id', async () => {
    const r = await reseller();
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 });
    expect(res.text).toMatch(/^\{"order":\d+,"charge":"\d+\.\d\d"\}$/);
    const first = (res.body as { order: number }).order;
    const second = await add(r.key);
    expect(second).toBeGreaterThan(first);
    expect((await rowOf(first)).userId).toBe(r.user.id);
    const once = await add(r.key, { request_id: 'tool-77' });
    expect(await add(r.key, { request_id: 'tool-77' })).toBe(once);
  });

  it('takes the integers back as form text and as JSON numbers in status, alone and in lists keyed by them', async () => {
    const r = await reseller();
    const a = await add(r.key);
    const b = await add(r.key, { quantity: 2 });
    const one = await callV2({ key: r.key, action: 'status', order: String(a) });
    expect(one.body).toMatchObject({ status: 'Pending', order_status: 'pending', refill_of: null });
    expect((await callV2({ key: r.key, action: 'status', order: a }, { json: true })).body).toEqual(one.body);

    const many = await callV2({ key: r.key, action: 'status', orders: `${a},${b}` });
    expect(Object.keys(many.body as object)).toEqual([String(a), String(b)]);
    expect((many.body as Record<string, { remains: string }>)[String(b)]!.remains).toBe('2');
    const asJson = await callV2({ key: r.key, action: 'status', orders: [a, b] }, { json: true });
    expect(asJson.body).toEqual(many.body);
  });

  it('still takes the UUID an older integration stored, everywhere, answering the same shapes', async () => {
    const r = await reseller();
    const number = await add(r.key);
    const uuid = (await rowOf(number)).id;
    const byNumber = await callV2({ key: r.key, action: 'status', order: number });
    expect((await callV2({ key: r.key, action: 'status', order: uuid })).body).toEqual(byNumber.body);
    expect((await callV2({ key: r.key, action: 'status', order: uuid.toUpperCase() })).body).toEqual(byNumber.body);
    const mixed = (await callV2({ key: r.key, action: 'status', orders: `${uuid},${number}` })).body as Record<string, unknown>;
    expect(mixed[uuid]).toEqual(byNumber.body);
    expect(mixed[String(number)]).toEqual(byNumber.body);

    // Cancel by UUID: the answer names it as it was given.
    expect((await callV2({ key: r.key, action: 'cancel', order: uuid })).body).toEqual({ order: uuid, cancel: 1 });

    // Refill by UUID: the refill is a number all the same.
    const partial = await add(r.key, { quantity: 3 });
    await finish(partial, 1);
    const refill = await callV2({ key: r.key, action: 'refill', order: (await rowOf(partial)).id });
    expect(typeof (refill.body as { refill: unknown }).refill).toBe('number');
    const refillUuid = (await rowOf((refill.body as { refill: number }).refill)).id;
    expect((await callV2({ key: r.key, action: 'refill_status', refill: refillUuid })).body).toMatchObject({ status: 'Pending', refill_of: partial });
  });

  it('refills with integers: {"refill": N}, refill_status by N with refill_of the order’s number, lists of both', async () => {
    const r = await reseller();
    const order = await add(r.key, { quantity: 3 });
    await finish(order, 1);
    const res = await callV2({ key: r.key, action: 'refill', order: String(order) });
    expect(res.text).toMatch(/^\{"refill":\d+\}$/);
    const refill = (res.body as { refill: number }).refill;
    expect(refill).not.toBe(order);
    const refillRow = await rowOf(refill);
    expect(refillRow.refillOf).toBe((await rowOf(order)).id);
    expect((await callV2({ key: r.key, action: 'refill_status', refill: String(refill) })).body).toMatchObject({ status: 'Pending', refill_of: order });

    const again = await callV2({ key: r.key, action: 'refill', orders: String(order) });
    expect(again.body).toEqual([{ order, refill: expect.objectContaining({ code: 'REFILL_ALREADY_REQUESTED' }) }]);

    const other = await add(r.key, { quantity: 2 });
    await finish(other, 1);
    const list = await callV2({ key: r.key, action: 'refill', orders: `${other},999999999` });
    const [made, unknown] = list.body as { order: number; refill: number | { code: string } }[];
    expect(made).toEqual({ order: other, refill: expect.any(Number) });
    expect(unknown).toEqual({ order: 999999999, refill: expect.objectContaining({ code: 'ORDER_NOT_FOUND' }) });

    const statuses = await callV2({ key: r.key, action: 'refill_status', refills: `${refill},${made!.refill as number},${order}` });
    expect(statuses.body).toEqual([
      { refill, status: 'Pending' },
      { refill: made!.refill, status: 'Pending' },
      { refill: order, status: expect.objectContaining({ code: 'REFILL_NOT_FOUND' }) },
    ]);
  });

  it('cancels by integer, alone and in lists, echoing the integers', async () => {
    const r = await reseller();
    const a = await add(r.key);
    const b = await add(r.key);
    expect((await callV2({ key: r.key, action: 'cancel', order: String(a) })).body).toEqual({ order: a, cancel: 1 });
    expect((await rowOf(a)).status).toBe('cancelled');
    const list = await callV2({ key: r.key, action: 'cancel', orders: `${a},${b}` });
    expect(list.body).toEqual([
      { order: a, cancel: expect.objectContaining({ code: 'ORDER_NOT_CANCELLABLE' }) },
      { order: b, cancel: 1 },
    ]);
  });

  it('answers another user’s number, an unknown one and nonsense with the same ORDER_NOT_FOUND, changing nothing', async () => {
    const r = await reseller();
    const stranger = await reseller();
    const theirs = await add(stranger.key);
    const unknown = theirs + 100_000;
    for (const id of [String(theirs), String(unknown), '0', '-1', '1.5', '1e3', '99999999999999999999', 'abc']) {
      for (const action of ['status', 'cancel', 'refill'] as const) {
        const res = await callV2({ key: r.key, action, order: id });
        expect((res.body as { code?: string }).code, `${action} ${id}`).toBe('ORDER_NOT_FOUND');
      }
      expect(((await callV2({ key: r.key, action: 'refill_status', refill: id })).body as { code?: string }).code).toBe('REFILL_NOT_FOUND');
    }
    const many = (await callV2({ key: r.key, action: 'status', orders: `${theirs},${unknown}` })).body as Record<string, { code: string }>;
    expect(many[String(theirs)]).toEqual(many[String(unknown)]);
    expect(many[String(theirs)]!.code).toBe('ORDER_NOT_FOUND');
    expect((await rowOf(theirs)).status).toBe('pending');
  });
});

describe('service ids are integers', () => {
  it('lists each service with its stable number and its key beside it', async () => {
    const r = await reseller();
    const res = await callV2({ key: r.key, action: 'services' });
    const list = res.body as { service: unknown; key: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) {
      expect(typeof s.service).toBe('number');
      // Issue #37 item 4: a subscription service (`like_subscription`) is 1000 + its service's number.
      const sub = s.key.endsWith('_subscription') ? s.key.slice(0, -'_subscription'.length) : undefined;
      expect(s.service).toBe(sub ? 1000 + SERVICE_IDS[sub as keyof typeof SERVICE_IDS] : SERVICE_IDS[s.key as keyof typeof SERVICE_IDS]);
    }
    expect(list.find((s) => s.key === 'like')!.service).toBe(2);
    // A downstream panel sorts by subtracting: that must work on every pair.
    const sorted = [...list].sort((a, b) => (a.service as number) - (b.service as number));
    expect(sorted.map((s) => s.service)).toEqual([...new Set(sorted.map((s) => s.service))]);
  });

  it('places an order from the service’s number as form text, as a JSON number, or from its key', async () => {
    const r = await reseller();
    const byText = await add(r.key, { service: String(SERVICE_IDS.retweet) });
    expect((await rowOf(byText)).service).toBe('retweet');
    const res = await callV2({ key: r.key, action: 'add', service: SERVICE_IDS.reels_like, link: URLS.reel, quantity: 1 }, { json: true });
    expect((await rowOf((res.body as { order: number }).order)).service).toBe('reels_like');
    const byKey = await add(r.key, { service: 'bookmark' });
    expect((await rowOf(byKey)).service).toBe('bookmark');
  });

  it('refuses an unknown service number or key without making an order', async () => {
    const r = await reseller();
    const before = (await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id))).length;
    for (const service of ['999', '0', 'likes', '2.0', '-2']) {
      const res = await callV2({ key: r.key, action: 'add', service, link: freshTweet(), quantity: 1 });
      expect((res.body as { code?: string }).code, service).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).toContain('service');
    }
    expect((await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id))).length).toBe(before);
  });
});

describe.skipIf(!onPostgres())('order numbers under concurrency (PostgreSQL)', () => {
  it('gives 20 parallel adds 20 distinct numbers, each its own order’s', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => reseller()));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callV2({ key: users[i % 4]!.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1 })));
    const numbers = results.map((x) => (x.body as { order: unknown }).order);
    for (const n of numbers) expect(typeof n).toBe('number');
    expect(new Set(numbers).size).toBe(20);
    const rows = await Promise.all(numbers.map((n) => rowOf(n as number)));
    expect(new Set(rows.map((row) => row.id)).size).toBe(20);
  });
});
