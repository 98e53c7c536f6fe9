import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { seed } from '@/lib/domain/seed';
import { insertPackages } from '@/test/fixtures/packages';
import { packages, platforms } from '@/db/schema';
import { NEW_TWEET_TIERS } from '@/lib/domain/pricing';
import { featuredPackage, getPriceList, newTweetTiers, priceListJsonLd } from './index';

const t = setupTestDb();

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
});

describe('the storefront price list', () => {
  it('lists packages for sale on the active platforms, cheapest first, with the cheapest price per platform', async () => {
    const [big, small, gone] = await insertPackages(t.db, [
      { ad: 'Big', prices: { instagram: 5000, twitter: 6000, youtube: 300 }, gunlukLimit: 50, profilLimit: 20 },
      { ad: 'Small', prices: { instagram: 1000, twitter: 1500, youtube: 900 }, gunlukLimit: 10, profilLimit: 5 },
      { ad: 'Gone', prices: { instagram: 1, twitter: 1, youtube: 1 }, gunlukLimit: 1, profilLimit: 1, deletedAt: new Date() },
    ]);
    await t.db.update(platforms).set({ aktif: false }).where(inArray(platforms.ad, ['instagram', 'tiktok']));

    const list = await getPriceList(t.db);
    expect(list.packages.map((p) => p.name)).toEqual(['Small', 'Big']);
    expect(list.packages.some((p) => p.id === gone!.id)).toBe(false);
    expect(list.packages[0]).toEqual({ id: small!.id, name: 'Small', dailyLimit: 10, profileLimit: 5, pricesCents: { twitter: 1500, youtube: 900 } });
    expect(list.packages[1]!.id).toBe(big!.id);
    expect(list.platforms).toEqual([
      // Two packages: the dearer one on each platform is highlighted (Big on Twitter, Small on YouTube).
      { platform: 'twitter', services: ['retweet', 'like', 'bookmark', 'comment', 'new_tweet'], fromCents: 1500, featuredId: big!.id },
      { platform: 'youtube', services: ['youtube_like', 'youtube_comment', 'youtube_subscribe'], fromCents: 300, featuredId: small!.id },
    ]);
    expect(list.newTweetTiers).toEqual(newTweetTiers());

    // Without Twitter there are no new tweets to price; with no package, no price.
    await t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'twitter'));
    await t.db.update(packages).set({ deletedAt: new Date() });
    const empty = await getPriceList(t.db);
    expect(empty).toEqual({ platforms: [{ platform: 'youtube', services: ['youtube_like', 'youtube_comment', 'youtube_subscribe'], fromCents: null, featuredId: null }], packages: [], newTweetTiers: [] });
  });

  it('names each package in the page’s language: German, else English, else Turkish', async () => {
    await t.db.update(platforms).set({ aktif: true });
    const [both, enOnly, trOnly] = await insertPackages(t.db, [
      { ad: 'Başlangıç', nameEn: 'Starter', nameDe: 'Einsteiger', prices: { instagram: 100, twitter: 100, youtube: 100, tiktok: 100 }, gunlukLimit: 1, profilLimit: 1 },
      { ad: 'Ajans', nameEn: 'Agency', prices: { instagram: 200, twitter: 200, youtube: 200, tiktok: 200 }, gunlukLimit: 1, profilLimit: 1 },
      { ad: 'Özel', prices: { instagram: 300, twitter: 300, youtube: 300, tiktok: 300 }, gunlukLimit: 1, profilLimit: 1 },
    ]);
    const names = async (locale: string) => {
      const list = await getPriceList(t.db, locale);
      return [both, enOnly, trOnly].map((p) => list.packages.find((x) => x.id === p!.id)!.name);
    };
    expect(await names('tr')).toEqual(['Başlangıç', 'Ajans', 'Özel']);
    expect(await names('en')).toEqual(['Starter', 'Agency', 'Özel']);
    expect(await names('de')).toEqual(['Einsteiger', 'Agency', 'Özel']);
    // Three packages: the middle-priced one is the highlighted plan.
    expect((await getPriceList(t.db, 'en')).platforms.every((p) => p.featuredId === enOnly!.id)).toBe(true);
  });

  it('lists a package only on the platforms it has a price on (issue #34 item 2: no row, not sold there)', async () => {
    await t.db.update(packages).set({ deletedAt: new Date() });
    await t.db.update(platforms).set({ aktif: true });
    const [full, twitterOnly] = await insertPackages(t.db, [
      { ad: 'Full', prices: { instagram: 800, twitter: 800, youtube: 800 }, gunlukLimit: 1, profilLimit: 1 },
      { ad: 'Twitter only', prices: { twitter: 500 }, gunlukLimit: 1, profilLimit: 1 },
    ]);
    const list = await getPriceList(t.db);
    expect(list.packages.find((p) => p.id === twitterOnly!.id)!.pricesCents).toEqual({ twitter: 500 });
    const byPlatform = Object.fromEntries(list.platforms.map((p) => [p.platform, p]));
    expect(byPlatform.twitter).toMatchObject({ fromCents: 500, featuredId: full!.id });
    expect(byPlatform.youtube).toMatchObject({ fromCents: 800, featuredId: null });
    expect(byPlatform.instagram).toMatchObject({ fromCents: 800, featuredId: null });
    const json = priceListJsonLd(list, { brand: 'E', url: 'u', platformName: String, productDescription: String, offerDescription: (pkg) => pkg.name });
    const offers = (json['@graph'] as { name: string; offers: { name: string }[] }[]).map((p) => [p.name, p.offers.map((o) => o.name)]);
    expect(offers).toEqual([
      ['E – twitter', ['Twitter only', 'Full']],
      ['E – instagram', ['Full']],
      ['E – youtube', ['Full']],
    ]);
  });

  it('highlights the middle-priced package of a platform, the dearer middle one of an even count, none of one', () => {
    expect(featuredPackage([])).toBeNull();
    expect(featuredPackage([{ id: 1, cents: 500 }])).toBeNull();
    expect(featuredPackage([{ id: 1, cents: 900 }, { id: 2, cents: 500 }])).toBe(1);
    expect(featuredPackage([{ id: 1, cents: 900 }, { id: 2, cents: 100 }, { id: 3, cents: 500 }])).toBe(3);
    expect(featuredPackage([{ id: 1, cents: 100 }, { id: 2, cents: 200 }, { id: 3, cents: 300 }, { id: 4, cents: 400 }])).toBe(3);
    // Equal prices: the older package (lower id) counts as the cheaper.
    expect(featuredPackage([{ id: 7, cents: 500 }, { id: 3, cents: 500 }, { id: 5, cents: 500 }])).toBe(5);
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
          { platform: 'twitter', services: ['retweet', 'like'], fromCents: 999, featuredId: null },
          { platform: 'youtube', services: ['youtube_like'], fromCents: 1005, featuredId: null },
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
    expect(priceListJsonLd({ platforms: [{ platform: 'twitter', services: [], fromCents: null, featuredId: null }], packages: [], newTweetTiers: [] }, { brand: 'E', url: 'u', platformName: String, productDescription: String, offerDescription: String })['@graph']).toEqual([]);
  });
});
