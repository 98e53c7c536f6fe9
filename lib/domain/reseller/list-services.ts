import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, platforms, profiles, siteSettings, userPackages } from '@/db/schema';
import type { AuthUser } from '@/lib/domain/credentials';
import { PLATFORMS, PROMPT_SERVICES, SERVICE_IDS, SERVICES, type Service, isPaidByFollowers, hasMinProfilesSetting } from '@/lib/domain/catalogue/services';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import { centsToDecimal } from '@/lib/infra/money';
import { MAX_PROFILES_PER_SEND } from '@/lib/domain/operations/schemas';
import { NEW_TWEET_TIERS } from '@/lib/domain/pricing';
import { inForce, SUBSCRIPTION_DAYS } from '@/lib/domain/subscriptions';
import { readActionPrices } from '@/lib/domain/pricing/action-prices';
import { pricesOf, withPrices } from '@/lib/domain/packages';

export type ServiceType = 'Default' | 'Comments' | 'Tweet';

export type ServiceView = {
  /** Issue #33: the service's stable number (lib/domain/catalogue SERVICE_IDS), what reseller tools store. */
  service: number;
  /** Our key of the service, accepted by `add` as well. */
  key: Service;
  name: string;
  type: ServiceType;
  category: string;
  /**
   * Issue #33 item 6: USD per 1000 actions (profiles) that this caller will actually pay for the
   * service (see `billing`): a new tweet's dearest tier, a pay-per-action price × 1000, or what a
   * package costs per 1000 of the actions it allows.
   */
  rate: string;
  /** New tweets: the cheapest follower tier per 1000 profiles (`rate` is the dearest). */
  rate_min?: string;
  /** New tweets: the dearest tier per 1000 (the same as `rate`; kept for integrations that read it). */
  rate_max?: string;
  /** Package services with pay-per-action on: what an order past the daily limit costs per 1000, from the balance. */
  rate_balance?: string;
  /** How an order is paid: `balance` (debited at `add`, refunded per failed profile) or `package` (the package's limits). */
  billing: 'balance' | 'package';
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
};

/** USD per 1000 of a package's actions: its price over the profile-actions one service may use in its term (rounded up to the cent). */
function packageRateCents(priceCents: number, gunlukLimit: number, profilLimit: number, days: number): number {
  const actions = gunlukLimit * profilLimit * Math.max(1, Math.round(days));
  return actions > 0 ? Math.ceil((priceCents * 1000) / actions) : 0;
}

/**
 * `services`: the services of the active platforms that have a fulfilment endpoint, as the
 * caller may order them. `max` is the caller's package profile limit on that platform; without a
 * package in force, the pay-per-action cap of the service when that is on, else 0 (such an add
 * answers NO_PACKAGE). `min` is 1, or the Twitter minimum setting. An API key is a customer's
 * credential: an admin account's key is priced and capped like anyone's (issue #34 item 6: only an
 * admin session skips the customer rules, lib/domain/credentials exemptFromLimits).
 *
 * Issue #33 item 6, `rate` is what this caller pays per 1000 actions, computed here:
 * - new tweets: the dearest follower tier × 1000 (`rate_min` the cheapest), `billing: "balance"`;
 * - pay-per-action (the service's price on, and no package in force for the platform): the price
 *   per action × 1000, `billing: "balance"`;
 * - a package service: the package's price for that platform divided by the actions it allows one
 *   service over its term (daily limit × profile limit × days) × 1000, rounded up: the cost per
 *   1000 when the package is used to the full, never less; `billing: "package"`. The caller's own
 *   package when one is in force, else the cheapest package on sale (max 0: buy one first). With
 *   pay-per-action on, `rate_balance` is what an order past the daily limit costs.
 * Refill is offered for orders that are not paid from the balance (a paid order refunds its failed
 * profiles instead); drip-feed is offered.
 */
export async function listServices(db: Db, user: Pick<AuthUser, 'id'>, locale: Locale, now: Date = new Date()): Promise<ServiceView[]> {
  // Six independent reads, sent together rather than one after another (issue #35: `services`
  // already cost three times `balance` with four in a row).
  const [platformRows, held, onSale, prices, active, [settings]] = await Promise.all([
    db.select().from(platforms),
    db
      .select({
        platform: userPackages.platform,
        profilLimit: userPackages.profilLimit,
        gunlukLimit: userPackages.gunlukLimit,
        startsAt: userPackages.startsAt,
        endsAt: userPackages.endsAt,
        prices: pricesOf(packages.id),
      })
      .from(userPackages)
      .innerJoin(packages, eq(packages.id, userPackages.packageId))
      .where(and(eq(userPackages.userId, user.id), inForce(now))),
    db.select(withPrices).from(packages).where(isNull(packages.deletedAt)),
    readActionPrices(db),
    db.select({ platform: profiles.platform, n: count() }).from(profiles).where(eq(profiles.status, 'active')).groupBy(profiles.platform),
    db.select({ twitterMinProfiles: siteSettings.twitterMinProfiles }).from(siteSettings).where(eq(siteSettings.id, 1)),
  ]);
  const cheapest = Math.min(...NEW_TWEET_TIERS.map((t) => t.cents));
  const dearest = Math.max(...NEW_TWEET_TIERS.map((t) => t.cents));

  const out: ServiceView[] = [];
  for (const platform of PLATFORMS) {
    const row = platformRows.find((p) => p.ad === platform);
    if (!row?.aktif) continue;
    const own = held.find((p) => p.platform === platform);
    const available = Math.min(active.find((a) => a.platform === platform)?.n ?? 0, MAX_PROFILES_PER_SEND);
    // The package rate: the caller's own package (0 where it has no price), else the cheapest of
    // the packages on sale that are sold on this platform.
    const ownRate = own ? packageRateCents(own.prices[platform] ?? 0, own.gunlukLimit, own.profilLimit, (own.endsAt.getTime() - own.startsAt.getTime()) / 86_400_000) : null;
    const saleRates = onSale.flatMap((p) => {
      const cents = p.prices[platform];
      return cents === undefined ? [] : [packageRateCents(cents, p.gunlukLimit, p.profilLimit, SUBSCRIPTION_DAYS)];
    });
    const packageRate = ownRate ?? (saleRates.length ? Math.min(...saleRates) : 0);
    for (const service of SERVICES[platform] as readonly Service[]) {
      if (!row.apiEndpoints[service]) continue;
      const newTweet = isPaidByFollowers(service);
      const price = prices.get(service);
      const perAction = !newTweet && price?.enabled ? price : undefined;
      const paidPerAction = !own && perAction !== undefined;
      const billing: ServiceView['billing'] = newTweet || paidPerAction ? 'balance' : 'package';
      const rateCents = newTweet ? dearest * 1000 : paidPerAction ? perAction.priceCents * 1000 : packageRate;
      out.push({
        service: SERVICE_IDS[service],
        key: service,
        name: translate(locale, `Services.${service}`) ?? service,
        type: newTweet ? 'Tweet' : PROMPT_SERVICES.includes(service) ? 'Comments' : 'Default',
        category: translate(locale, `Platforms.${platform}`) ?? platform,
        rate: centsToDecimal(rateCents),
        ...(newTweet ? { rate_min: centsToDecimal(cheapest * 1000), rate_max: centsToDecimal(dearest * 1000) } : {}),
        ...(own && perAction ? { rate_balance: centsToDecimal(perAction.priceCents * 1000) } : {}),
        billing,
        min: hasMinProfilesSetting(platform) ? (settings?.twitterMinProfiles ?? 1) : 1,
        max: own ? own.profilLimit : paidPerAction ? Math.min(perAction.maxProfiles, available) : 0,
        refill: billing !== 'balance',
        cancel: true,
        dripfeed: true,
      });
    }
  }
  return out;
}
