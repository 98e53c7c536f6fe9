import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, platforms as platformsTable, usageCounters, userPackages, users } from '@/db/schema';
import { env } from '@/env';
import { SERVICES, isPlatform, type Platform, shownInUsage } from '@/lib/domain/catalogue/services';
import { packageName, subscriptionName, withPrices, type PackagePrices } from '@/lib/domain/packages';
import { extendedEnd, notEnded } from '@/lib/domain/subscriptions';

export type OverviewSubscription = {
  id: number;
  platform: Platform;
  /** The package's name in the reader's language (lib/domain/packages subscriptionName). */
  paketAdi: string;
  gunlukLimit: number;
  profilLimit: number;
  endsAt: string;
  /** Its end if the platform is bought again now (extended by 30 days), shown before paying. */
  extendsTo: string;
  daysLeft: number;
  /** Today's uses per service of the platform (the daily limit applies to each service). */
  usage: { service: string; used: number }[];
};

/** A package for sale; `name` in the reader's language (lib/domain/packages packageName); `prices` only where it is sold. */
export type OverviewPackage = { id: number; name: string; gunlukLimit: number; profilLimit: number; prices: PackagePrices };

export type SubscriptionOverview = {
  subscriptions: OverviewSubscription[];
  balanceCents: number;
};

/** The packages for sale and the platforms they can be bought for: the customer's package choices. */
export type PackageChoices = { packages: OverviewPackage[]; activePlatforms: Platform[] };

const DAY_MS = 24 * 3600 * 1000;

/** The calendar day in APP_TIMEZONE (usage_counters.day). */
export function dayInAppZone(at: Date, timeZone = env.APP_TIMEZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** What /panel/subscription shows of the customer: running packages with limits and today's usage, and the balance. */
export async function getSubscriptionOverview(db: Db, input: { userId: number; now?: Date; locale?: string }): Promise<SubscriptionOverview> {
  const now = input.now ?? new Date();
  const locale = input.locale ?? 'tr';
  const subs = await db
    .select({ sub: userPackages, pkg: { ad: packages.ad, nameEn: packages.nameEn, nameDe: packages.nameDe } })
    .from(userPackages)
    .leftJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, input.userId), notEnded(now)))
    .orderBy(asc(userPackages.platform));
  const usage = await db
    .select({ service: usageCounters.service, count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, input.userId), eq(usageCounters.day, dayInAppZone(now))));
  const [user] = await db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, input.userId));

  return {
    subscriptions: subs.map(({ sub: s, pkg }) => ({
      id: s.id,
      platform: s.platform,
      paketAdi: subscriptionName(s.paketAdi, pkg, locale),
      gunlukLimit: s.gunlukLimit,
      profilLimit: s.profilLimit,
      endsAt: s.endsAt.toISOString(),
      extendsTo: extendedEnd(s.endsAt, now).toISOString(),
      daysLeft: Math.max(0, Math.ceil((s.endsAt.getTime() - now.getTime()) / DAY_MS)),
      usage: (SERVICES[s.platform] as readonly string[])
        .filter(shownInUsage)
        .map((service) => ({ service, used: usage.find((u) => u.service === service)?.count ?? 0 })),
    })),
    balanceCents: user?.b ?? 0,
  };
}

/**
 * The package choices of /panel/subscription: the packages for sale (deleted ones left out) with
 * their price per platform where they are sold, and the active platforms in display order. Read on their own so that
 * the page can show them empty when they cannot be read (§8) and still show the rest.
 */
export async function getPackageChoices(db: Db, locale = 'tr'): Promise<PackageChoices> {
  const forSale = await db.select(withPrices).from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.id));
  const active = await db.select({ ad: platformsTable.ad }).from(platformsTable).where(eq(platformsTable.aktif, true)).orderBy(asc(platformsTable.sortOrder));
  return {
    packages: forSale.map((p) => ({
      id: p.id,
      name: packageName(p, locale),
      gunlukLimit: p.gunlukLimit,
      profilLimit: p.profilLimit,
      prices: p.prices,
    })),
    activePlatforms: active.map((a) => a.ad).filter(isPlatform),
  };
}
