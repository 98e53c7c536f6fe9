import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { balanceLedger, orders, profiles, servicePrices, siteSettings, users } from '@/db/schema';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { NEW_TWEET_TIERS } from '@/lib/domain/pricing';

/**
 * Issue #33 items 6 and 7 on the reseller protocol, called as third-party tools do
 * (form-encoded, no Accept-Language): `services` lists what the caller will actually pay per
 * 1000 actions, `add` refuses an order dearer than `max_charge` before charging anything and
 * answers the `charge` it took. Refusals are read from their `code`.
 */
const w = setupWorld();

beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
  await w.t.db.delete(servicePrices);
});

async function reseller(options: Parameters<typeof makeUser>[1] = {}) {
  const made = await makeUser(w.t, options);
  const { key } = await makeApiKey(w.t.db, made.user.id);
  return { ...made, key };
}
const price = (service: string, cents: number, maxProfiles = 100) =>
  w.t.db.insert(servicePrices).values({ service, platform: 'twitter', priceCents: cents, enabled: true, maxProfiles });

let n = 0;
const freshTweet = () => `https://x.com/etkilesim/status/17930000000000${String(++n).padStart(5, '0')}`;

async function balance(userId: number) {
  const [u] = await w.t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  return u!.b;
}
const services = async (key: string) => Object.fromEntries(((await callV2({ key, action: 'services' })).body as Record<string, unknown>[]).map((s) => [s.key, s]));

describe('services: honest rate', () => {
  it('new tweets: rate is the dearest tier per 1000, rate_min the cheapest', async () => {
    const r = await reseller({ packages: { twitter: { gunlukLimit: 5, profilLimit: 7 } } });
    const byKey = await services(r.key);
    const dearest = Math.max(...NEW_TWEET_TIERS.map((t) => t.cents));
    const cheapest = Math.min(...NEW_TWEET_TIERS.map((t) => t.cents));
    expect(byKey.new_tweet).toMatchObject({ rate: (dearest * 10).toFixed(2), rate_min: (cheapest * 10).toFixed(2), billing: 'balance' });
    expect(byKey.new_tweet).toMatchObject({ rate: '15000.00', rate_min: '2000.00' });
  });

  it('pay per action without a package: rate = price × 1000, billing balance, max the cap, no refill', async () => {
    await price('like', 12, 40);
    const r = await reseller();
    const byKey = await services(r.key);
    expect(byKey.like).toMatchObject({ rate: '120.00', billing: 'balance', min: 1, refill: false });
    expect(byKey.like!.max).toBe(Math.min(40, (await w.t.db.select().from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))).length));
    // A service without a price: what a package costs per 1000 actions, never "0.00" shown as a price.
    expect(byKey.retweet).toMatchObject({ billing: 'package', max: 0 });
    expect(byKey.retweet!.rate).not.toBe('0.00');
  });

  it('a package service: the package’s price over the actions it allows × 1000; with pay per action on, rate_balance past the limit', async () => {
    await price('like', 9);
    // makeUser's package costs $1.00 per platform: 2 orders × 5 profiles × 30 days = 300 actions → $3.34 per 1000.
    const r = await reseller({ packages: { twitter: { gunlukLimit: 2, profilLimit: 5 } } });
    const byKey = await services(r.key);
    expect(byKey.retweet).toMatchObject({ rate: '3.34', billing: 'package', max: 5, refill: true });
    expect(byKey.retweet).not.toHaveProperty('rate_balance');
    expect(byKey.like).toMatchObject({ rate: '3.34', billing: 'package', rate_balance: '90.00', max: 5 });
  });
});

describe('an administrator’s key (issue #34 item 6)', () => {
  it('is a customer’s credential: priced, capped and refused like anyone’s, never free', async () => {
    const r = await reseller({ rol: 'admin', packages: { twitter: { gunlukLimit: 2, profilLimit: 5 } } });
    const byKey = await services(r.key);
    expect(byKey.retweet).toMatchObject({ rate: '3.34', billing: 'package', max: 5 });
    expect(byKey.reels_like).toMatchObject({ billing: 'package', max: 0 });
    const over = await callV2({ key: r.key, action: 'add', service: 'retweet', link: freshTweet(), quantity: 6 });
    expect(over.body).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED' });
  });
});

describe('add: max_charge and charge', () => {
  it('answers the charge taken; refuses a dearer order than max_charge before anything is charged', async () => {
    await price('like', 10);
    const r = await reseller({ bakiyeCents: 1_000 });
    const refused = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 3, max_charge: '0.29' });
    expect((refused.body as { code: string }).code).toBe('MAX_CHARGE_EXCEEDED');
    expect((refused.body as { error: string }).error).toMatch(/0\.30/);
    expect(await balance(r.user.id)).toBe(1_000);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id))).toHaveLength(0);

    const ok = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 3, max_charge: '0.30' });
    expect(ok.body).toMatchObject({ order: expect.anything(), charge: '0.30' });
    expect(await balance(r.user.id)).toBe(970);
    // Without max_charge: no cap.
    const plain = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 2 });
    expect(plain.body).toMatchObject({ charge: '0.20' });
    expect(await balance(r.user.id)).toBe(950);
  });

  it('a request_id replay answers the same order and charge, and charges once', async () => {
    await price('like', 25);
    const r = await reseller({ bakiyeCents: 1_000 });
    const link = freshTweet();
    const first = await callV2({ key: r.key, action: 'add', service: 'like', link, quantity: 2, request_id: 'honest-1' });
    const again = await callV2({ key: r.key, action: 'add', service: 'like', link, quantity: 2, request_id: 'honest-1' });
    expect(first.body).toMatchObject({ charge: '0.50' });
    expect(again.body).toEqual(first.body);
    expect(await balance(r.user.id)).toBe(950);
    const [debits] = await w.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, r.user.id), eq(balanceLedger.reason, 'new_tweet')));
    expect(debits!.n).toBe(1);
  });

  it('a package order charges 0.00; a new tweet dearer than max_charge is refused', async () => {
    const r = await reseller({ packages: { twitter: { gunlukLimit: 10, profilLimit: 5 } }, bakiyeCents: 10_000 });
    const free = await callV2({ key: r.key, action: 'add', service: 'retweet', link: freshTweet(), quantity: 1, max_charge: '0' });
    expect(free.body).toMatchObject({ charge: '0.00' });
    const tweet = await callV2({ key: r.key, action: 'add', service: 'new_tweet', comments: 'Merhaba', quantity: 1, max_charge: '1.99' });
    expect((tweet.body as { code: string }).code).toBe('MAX_CHARGE_EXCEEDED');
    expect(await balance(r.user.id)).toBe(10_000);
  });

  it('refuses a malformed max_charge and changes nothing', async () => {
    await price('like', 10);
    const r = await reseller({ bakiyeCents: 1_000 });
    for (const bad of ['abc', '-1', '1.234', '1e3', '']) {
      const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 1, max_charge: bad });
      expect((res.body as { code: string }).code, bad).toBe('VALIDATION_FAILED');
    }
    expect(await balance(r.user.id)).toBe(1_000);
  });

  it('not enough balance for a pay-per-action order: INSUFFICIENT_BALANCE', async () => {
    await price('like', 50);
    const r = await reseller({ bakiyeCents: 99 });
    const res = await callV2({ key: r.key, action: 'add', service: 'like', link: freshTweet(), quantity: 2 });
    expect((res.body as { code: string }).code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(r.user.id)).toBe(99);
  });
});
