import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms, profiles, siteSettings, userPackages } from '@/db/schema';
import type { AuthUser } from '@/lib/auth';
import { PLATFORMS, PROMPT_SERVICES, SERVICE_IDS, SERVICES, type Service } from '@/lib/catalogue/services';
import { translate } from '@/lib/i18n/translate';
import type { Locale } from '@/lib/i18n/routing';
import { centsToDecimal } from '@/lib/money';
import { MAX_PROFILES_PER_SEND } from '@/lib/operations/schemas';
import { NEW_TWEET_TIERS } from '@/lib/pricing';
import { inForce } from '@/lib/subscriptions';

export type ServiceType = 'Default' | 'Comments' | 'Tweet';

export type ServiceView = {
  /** Issue #33: the service's stable number (lib/catalogue SERVICE_IDS), what reseller tools store. */
  service: number;
  /** Our key (`like`), accepted by `add` as well. */
  key: Service;
  name: string;
  type: ServiceType;
  category: string;
  /** USD per 1000 profiles charged to the balance: 0 when the package covers it. */
  rate: string;
  /** Extension: a new tweet's price depends on each profile's followers (§9); the dearest tier per 1000. */
  rate_max?: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
};

/**
 * `services`: the services of the active platforms that have a fulfilment endpoint, as the
 * caller may order them. `max` is the caller's package profile limit on that platform (0 without
 * a package in force: such an add answers NO_PACKAGE); admins, who have no cap, get the number of
 * active profiles (at most 500, the largest send). `min` is 1, or the Twitter minimum setting.
 * Only the new tweet costs money: `rate` is its cheapest tier per 1000 profiles, `rate_max` its
 * dearest. Refill is offered for everything but paid new tweets; drip-feed is not offered.
 */
export async function listServices(db: Db, user: Pick<AuthUser, 'id' | 'rol'>, locale: Locale, now: Date = new Date()): Promise<ServiceView[]> {
  const platformRows = await db.select().from(platforms);
  const packages = await db
    .select({ platform: userPackages.platform, profilLimit: userPackages.profilLimit })
    .from(userPackages)
    .where(and(eq(userPackages.userId, user.id), inForce(now)));
  const active = await db
    .select({ platform: profiles.platform, n: count() })
    .from(profiles)
    .where(eq(profiles.status, 'active'))
    .groupBy(profiles.platform);
  const [settings] = await db.select({ twitterMinProfiles: siteSettings.twitterMinProfiles }).from(siteSettings).where(eq(siteSettings.id, 1));
  const cheapest = Math.min(...NEW_TWEET_TIERS.map((t) => t.cents));
  const dearest = Math.max(...NEW_TWEET_TIERS.map((t) => t.cents));

  const out: ServiceView[] = [];
  for (const platform of PLATFORMS) {
    const row = platformRows.find((p) => p.ad === platform);
    if (!row?.aktif) continue;
    const limit = packages.find((p) => p.platform === platform)?.profilLimit;
    const available = Math.min(active.find((a) => a.platform === platform)?.n ?? 0, MAX_PROFILES_PER_SEND);
    for (const service of SERVICES[platform] as readonly Service[]) {
      if (!row.apiEndpoints[service]) continue;
      const paid = service === 'new_tweet';
      out.push({
        service: SERVICE_IDS[service],
        key: service,
        name: translate(locale, `Services.${service}`) ?? service,
        type: paid ? 'Tweet' : PROMPT_SERVICES.includes(service) ? 'Comments' : 'Default',
        category: translate(locale, `Platforms.${platform}`) ?? platform,
        rate: centsToDecimal(paid ? cheapest * 1000 : 0),
        ...(paid ? { rate_max: centsToDecimal(dearest * 1000) } : {}),
        min: platform === 'twitter' ? (settings?.twitterMinProfiles ?? 1) : 1,
        max: user.rol === 'admin' ? available : (limit ?? 0),
        refill: !paid,
        cancel: true,
        dripfeed: true,
      });
    }
  }
  return out;
}
