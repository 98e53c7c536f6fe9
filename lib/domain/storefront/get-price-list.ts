import 'server-only';
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { PAGE_SERVICES, type Platform, type Service, FOLLOWER_PRICED_PLATFORMS } from '@/lib/domain/catalogue/services';
import { packageName, withPrices } from '@/lib/domain/packages';
import { listActivePlatforms } from '@/lib/domain/platforms';
import { NEW_TWEET_TIERS } from '@/lib/domain/pricing';

/** One package for sale with its price on each active platform (integer cents). */
export type PriceListPackage = {
  id: number;
  name: string;
  /** Orders per service per day (§3 Package gunluk_limit). */
  dailyLimit: number;
  /** Profiles per order (§3 Package profil_limit). */
  profileLimit: number;
  /** Its price on each active platform where it is sold (no key: not sold there, lib/domain/packages PackagePrices). */
  pricesCents: Partial<Record<Platform, number>>;
};

/** One §9 new-tweet follower tier: profiles with fromFollowers…toFollowers followers (null: no upper bound). */
export type PriceListTier = { fromFollowers: number; toFollowers: number | null; cents: number };

export type PriceList = {
  /**
   * Active platforms in display order, each with its services, the cheapest package price and the
   * package the page highlights (`featuredId`, see featuredPackage), null with fewer than two.
   */
  platforms: { platform: Platform; services: readonly Service[]; fromCents: number | null; featuredId: number | null }[];
  /** Packages that are for sale (deleted ones left out), cheapest first; a platform lists those with a price there. */
  packages: PriceListPackage[];
  /** The new-tweet tiers, when Twitter is active (new tweets are a Twitter service). */
  newTweetTiers: PriceListTier[];
};

/**
 * The plan /pricing highlights on a platform as the most popular (issue #32 item 12): the
 * middle-priced package there (the upper of the two middle ones with an even count, so the dearer
 * of two), none for a single package. A rule rather than an admin flag: it needs no upkeep and
 * follows the prices when they change.
 */
export function featuredPackage(packages: { id: number; cents: number }[]): number | null {
  if (packages.length < 2) return null;
  const sorted = [...packages].sort((a, b) => a.cents - b.cents || a.id - b.id);
  return sorted[Math.floor(sorted.length / 2)]!.id;
}

/**
 * What the storefront and /pricing show (issue #15): the packages for sale with their prices on
 * the active platforms, the cheapest price per platform and the §9 new-tweet tiers, all read from
 * the database and from lib/domain/pricing's constants, never written into a page. Package names are in
 * `locale` (lib/domain/packages packageName).
 */
export async function getPriceList(db: Db, locale = 'tr'): Promise<PriceList> {
  const [active, rows] = await Promise.all([
    listActivePlatforms(db),
    db.select(withPrices).from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.id)),
  ]);
  const platforms = active.map((p) => p.ad);
  const list: PriceListPackage[] = rows.map((row) => ({
    id: row.id,
    name: packageName(row, locale),
    dailyLimit: row.gunlukLimit,
    profileLimit: row.profilLimit,
    pricesCents: Object.fromEntries(platforms.flatMap((p) => (row.prices[p] === undefined ? [] : [[p, row.prices[p]]]))),
  }));
  const total = (p: PriceListPackage) => Object.values(p.pricesCents).reduce((s, c) => s + c, 0);
  list.sort((a, b) => total(a) - total(b) || a.id - b.id);
  return {
    platforms: platforms.map((platform) => {
      const priced = pricedOn(list, platform);
      const featuredId = featuredPackage(priced.map((p) => ({ id: p.id, cents: p.pricesCents[platform]! })));
      return { platform, services: PAGE_SERVICES[platform], fromCents: priced.length ? Math.min(...priced.map((p) => p.pricesCents[platform]!)) : null, featuredId };
    }),
    packages: list,
    newTweetTiers: platforms.some((p) => FOLLOWER_PRICED_PLATFORMS.includes(p)) ? newTweetTiers() : [],
  };
}

/** The packages of the list that are sold on `platform` (have a price there), in the list's order. */
export function pricedOn(packages: PriceListPackage[], platform: Platform): PriceListPackage[] {
  return packages.filter((p) => p.pricesCents[platform] !== undefined);
}

/** NEW_TWEET_TIERS ("up to n followers, inclusive") as ranges. */
export function newTweetTiers(): PriceListTier[] {
  let from = 0;
  return NEW_TWEET_TIERS.map((tier) => {
    const range = { fromFollowers: from, toFollowers: Number.isFinite(tier.upTo) ? tier.upTo : null, cents: tier.cents };
    from = tier.upTo + 1;
    return range;
  });
}
