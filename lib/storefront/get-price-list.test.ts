import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '@/test/db';
import { seed } from '@/db/seed';
import { packages, platforms } from '@/db/schema';
import { NEW_TWEET_TIERS } from '@/lib/pricing';
import { getPriceList, newTweetTiers, priceListJsonLd } from './index';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
});
afterAll(async () => {
  await t.close();
});

describe('the storefront price list', () => {
  it('lists packages for sale on the active platforms, cheapest first, with the cheapest price per platform', async () => {
    const [big, small, gone] = await t.db
      .insert(packages)
      .values([
        { ad: 'Big', priceInstagramCents: 5000, priceTwitterCents: 6000, priceYoutubeCents: 300, gunlukLimit: 50, profilLimit: 20 },
        { ad: 'Small', priceInstagramCents: 1000, priceTwitterCents: 1500, priceYoutubeCents: 900, gunlukLimit: 10, profilLimit: 5 },
        { ad: 'Gone', priceInstagramCents: 1, priceTwitterCents: 1, priceYoutubeCents: 1, gunlukLimit: 1, profilLimit: 1, deletedAt: new Date() },
      ])
      .returning();
    await t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'instagram'));

    const list = await getPriceList(t.db);
    expect(list.packages.map((p) => p.name)).toEqual(['Small', 'Big']);
    expect(list.packages.some((p) => p.id === gone!.id)).toBe(false);
    expect(list.packages[0]).toEqual({ id: small!.id, name: 'Small', dailyLimit: 10, profileLimit: 5, pricesCents: { twitter: 1500, youtube: 900 } });
    expect(list.packages[1]!.id).toBe(big!.id);
    expect(list.platforms).toEqual([
      { platform: 'twitter', services: ['retweet', 'like', 'bookmark', 'comment', 'new_tweet'], fromCents: 1500 },
      { platform: 'youtube', services: ['youtube_like', 'youtube_comment', 'youtube_subscribe'], fromCents: 300 },
    ]);
    expect(list.newTweetTiers).toEqual(newTweetTiers());

    // Without Twitter there are no new tweets to price; with no package, no price.
    await t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'twitter'));
    await t.db.update(packages).set({ deletedAt: new Date() });
    const empty = await getPriceList(t.db);
    expect(empty).toEqual({ platforms: [{ platform: 'youtube', services: ['youtube_like', 'youtube_comment', 'youtube_subscribe'], fromCents: null }], packages: [], newTweetTiers: [] });
  });

  it('turns the §9 constants into follower ranges, without copying a number', () => {
    const tiers = newTweetTiers();
    expect(tiers.map((r) => r.cents)).toEqual(NEW_TWEET_TIERS.map((r) => r.cents));
    expect(tiers[0]!.fromFollowers).toBe(0);
    for (let i = 1; i < tiers.length; i++) expect(tiers[i]!.fromFollowers).toBe(tiers[i - 1]!.toFollowers! + 1);
    expect(tiers.at(-1)!.toFollowers).toBeNull();
  });

  it('describes each platform as a Product with one Offer per package at its price there', () => {
    const json = priceListJsonLd(
      {
        platforms: [
          { platform: 'twitter', services: ['retweet', 'like'], fromCents: 999 },
          { platform: 'youtube', services: ['youtube_like'], fromCents: 1005 },
        ],
        packages: [{ id: 1, name: 'Start', dailyLimit: 10, profileLimit: 5, pricesCents: { twitter: 999, youtube: 1005 } }],
        newTweetTiers: [],
      },
      {
        brand: 'Etki',
        url: 'https://example.com/en/pricing',
        platformName: (p) => p.toUpperCase(),
        productDescription: (p, s) => `${p}: ${s.join(', ')}`,
        offerDescription: (pkg) => `${pkg.dailyLimit}/${pkg.profileLimit}`,
      },
    );
    expect(json).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Product',
          name: 'Etki – TWITTER',
          description: 'twitter: retweet, like',
          brand: { '@type': 'Brand', name: 'Etki' },
          offers: [{ '@type': 'Offer', name: 'Start', description: '10/5', price: '9.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://example.com/en/pricing' }],
        },
        expect.objectContaining({ name: 'Etki – YOUTUBE', offers: [expect.objectContaining({ price: '10.05' })] }),
      ],
    });
    // No packages: no Product without an offer.
    expect(priceListJsonLd({ platforms: [{ platform: 'twitter', services: [], fromCents: null }], packages: [], newTweetTiers: [] }, { brand: 'E', url: 'u', platformName: String, productDescription: String, offerDescription: String })['@graph']).toEqual([]);
  });
});
