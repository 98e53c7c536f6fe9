import 'server-only';
import { count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, platforms, profiles, servicePrices, siteSettings, userPackages } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import type { Prefetch } from '@/lib/domain/api-keys';
import { publicGeneration, tableVersionSql } from '@/lib/infra/cache';
import type { AuthUser } from '@/lib/domain/credentials';
import { PLATFORMS, PROMPT_SERVICES, SERVICE_IDS, SERVICES, type Service, isPaidByFollowers, hasMinProfilesSetting, subscriptionIdOf, WATCHABLE_SERVICES } from '@/lib/domain/catalogue/services';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import { centsToDecimal } from '@/lib/infra/money';
import { MAX_PROFILES_PER_SEND } from '@/lib/domain/operations/schemas';
import { NEW_TWEET_TIERS } from '@/lib/domain/pricing';
import { inForceSql, SUBSCRIPTION_DAYS } from '@/lib/domain/subscriptions';
import { readActionPrices } from '@/lib/domain/pricing/action-prices';
import { packagePricesVersionSql, pricesOf, withPrices } from '@/lib/domain/packages';
import { subscriptionKeyOf } from '@/lib/domain/catalogue/services';

export type ServiceType = 'Default' | 'Comments' | 'Tweet' | 'Subscriptions';

export type ServiceView = {
  /** Issue #33: the service's stable number (lib/domain/catalogue SERVICE_IDS), what reseller tools store. */
  service: number;
  /** Our key of the service (a subscription's: the service's key and `_subscription`), accepted by `add` as well. */
  key: Service | `${Service}_subscription`;
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
export async function listServices(db: Db, user: Pick<AuthUser, 'id'>, locale: Locale): Promise<ServiceView[]> {
  const { held, version } = parseCallerPart(rowsOf<{ part: string }>(await db.execute(sql`select ${callerPartSql(sql`${user.id}::int`)} as part`))[0]!.part);
  return buildServices(await sharedPart(db, version), held, locale);
}

/**
 * `services` as the protocol answers it, JSON text (issue #35 item 3: at most a millisecond of
 * CPU). What depends on the caller, their packages in force, is read with the key check
 * (servicesPrefetch) together with the version of everything else; the rest (platforms, packages
 * on sale, prices per action, the site's minimum, the active profiles' counts) comes from
 * sharedPart, and the finished text is kept per language and packages held, in the shared part's
 * entry. Without the prefetch's text the caller's part is read in one statement.
 */
export async function servicesAnswer(db: Db, user: Pick<AuthUser, 'id'>, locale: Locale, prefetched?: { of: string; text: string | null }): Promise<string> {
  const text =
    prefetched?.of === SERVICES_PREFETCH && prefetched.text !== null
      ? prefetched.text
      : rowsOf<{ part: string }>(await db.execute(sql`select ${callerPartSql(sql`${user.id}::int`)} as part`))[0]!.part;
  const { held, version } = parseCallerPart(text);
  const shared = await sharedPart(db, version);
  const key = `${locale}|${JSON.stringify(held)}`;
  let answer = shared.texts.get(key);
  if (answer === undefined) {
    answer = JSON.stringify(buildServices(shared, held, locale));
    // Bounded: one text per language and distinct set of packages held.
    if (shared.texts.size >= MAX_TEXTS) shared.texts.clear();
    shared.texts.set(key, answer);
  }
  return answer;
}

const SERVICES_PREFETCH = 'services';
const MAX_TEXTS = 1000;

/** For `services`: the caller's part read in the key check's statement (app/api/_lib/api-key-route.ts Prefetch). */
export function servicesPrefetch(fields: Record<string, unknown>): Prefetch | undefined {
  if (fields.action !== 'services') return undefined;
  return { read: (owner) => callerPartSql(owner), of: SERVICES_PREFETCH };
}

/** A package the caller holds in force, as the rates need it. */
type Held = { platform: string; profilLimit: number; gunlukLimit: number; days: number; prices: Partial<Record<string, number>> };

/**
 * The version of what every caller's `services` is made of, besides the active profiles' counts
 * (lib/infra/cache tableVersionSql): any committed change of a platform, a package, a package's
 * price, a price per action or the site's settings, on whichever node it was made, changes it, so
 * a node's kept part is never used after an admin's change elsewhere (docs/decisions.md). The
 * tables are a handful of rows each.
 */
const versionSql = sql.join([...[platforms, packages, servicePrices, siteSettings].map(tableVersionSql), packagePricesVersionSql], sql` || ':' || `);

/**
 * The caller's part of `services` as JSON text: their packages in force (one per platform; the
 * package's prices, the term in days) and the version of the shared part.
 */
function callerPartSql(owner: SQL): SQL {
  const up = userPackages;
  return sql`json_build_object(
    'held', coalesce((
      select json_agg(json_build_object(
               'platform', ${up.platform}, 'profilLimit', ${up.profilLimit}, 'gunlukLimit', ${up.gunlukLimit},
               'days', extract(epoch from (${up.endsAt} - ${up.startsAt})) / 86400,
               'prices', ${pricesOf(up.packageId)})
             order by ${up.id})
        from ${up}
       where ${up.userId} = ${owner} and ${sql.raw(inForceSql('user_packages', 'now()'))}), '[]'::json),
    'version', ${versionSql})::text`;
}

function parseCallerPart(text: string): { held: Held[]; version: string } {
  const parsed = JSON.parse(text) as { held: Held[]; version: string };
  return { held: parsed.held.map((h) => ({ ...h, days: Number(h.days) })), version: parsed.version };
}

/** What every caller's `services` is made of, and the answers made from it. */
type Shared = {
  platformRows: (typeof platforms.$inferSelect)[];
  onSale: { gunlukLimit: number; profilLimit: number; prices: Partial<Record<string, number>> }[];
  prices: Awaited<ReturnType<typeof readActionPrices>>;
  active: { platform: string; n: number }[];
  twitterMinProfiles: number | undefined;
  texts: Map<string, string>;
};

/**
 * The shared part is kept per database handle for SHARED_TTL_MS, and only while the version the
 * caller's statement read is the one it was made at (an admin's change on any node) and no write
 * of this process ended it (lib/infra/cache publicContentChanged: also a profile sync or a
 * quarantine, which change the active counts; on other nodes those counts are at most
 * SHARED_TTL_MS old, as the public pages' profile lists are). Concurrent callers share one load;
 * a failed load is not kept.
 */
const SHARED_TTL_MS = 5000;
type SharedEntry = { version: string; generation: number; at: number; value: Promise<Shared> };
const g = globalThis as typeof globalThis & { __etkServicesShared?: WeakMap<Db, SharedEntry> };

function sharedPart(db: Db, version: string): Promise<Shared> {
  const kept = (g.__etkServicesShared ??= new WeakMap());
  const hit = kept.get(db);
  if (hit && hit.version === version && hit.generation === publicGeneration() && Date.now() - hit.at < SHARED_TTL_MS) return hit.value;
  const entry: SharedEntry = { version, generation: publicGeneration(), at: Date.now(), value: loadShared(db) };
  kept.set(db, entry);
  entry.value.catch(() => {
    if (kept.get(db) === entry) kept.delete(db);
  });
  return entry.value;
}

async function loadShared(db: Db): Promise<Shared> {
  const [platformRows, onSale, prices, active, [settings]] = await Promise.all([
    db.select().from(platforms),
    db.select(withPrices).from(packages).where(isNull(packages.deletedAt)),
    readActionPrices(db),
    db.select({ platform: profiles.platform, n: count() }).from(profiles).where(eq(profiles.status, 'active')).groupBy(profiles.platform),
    db.select({ twitterMinProfiles: siteSettings.twitterMinProfiles }).from(siteSettings).where(eq(siteSettings.id, 1)),
  ]);
  return { platformRows, onSale, prices, active, twitterMinProfiles: settings?.twitterMinProfiles, texts: new Map() };
}

/** The answer from the shared part and the caller's packages (the rules above listServices). */
function buildServices(shared: Shared, held: Held[], locale: Locale): ServiceView[] {
  const { platformRows, onSale, prices, active } = shared;
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
    const ownRate = own ? packageRateCents(own.prices[platform] ?? 0, own.gunlukLimit, own.profilLimit, own.days) : null;
    const saleRates = onSale.flatMap((p) => {
      const cents = p.prices[platform];
      return cents === undefined ? [] : [packageRateCents(cents, p.gunlukLimit, p.profilLimit, SUBSCRIPTION_DAYS)];
    });
    const packageRate = ownRate ?? (saleRates.length ? Math.min(...saleRates) : 0);
    const subscriptions: ServiceView[] = [];
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
        min: hasMinProfilesSetting(platform) ? (shared.twitterMinProfiles ?? 1) : 1,
        max: own ? own.profilLimit : paidPerAction ? Math.min(perAction.maxProfiles, available) : 0,
        refill: billing !== 'balance',
        cancel: true,
        dripfeed: true,
      });
      // Issue #37 item 4: the service run on every new post of an account (a watch), where the
      // provider can list an account's posts; priced and capped per post like the service.
      if (WATCHABLE_SERVICES.includes(service) && row.apiEndpoints.account_posts) {
        const one = out[out.length - 1]!;
        subscriptions.push({
          ...one,
          service: subscriptionIdOf(service),
          key: subscriptionKeyOf(service),
          name: translate(locale, 'Watch.v2ServiceName', { service: one.name }) ?? one.name,
          type: 'Subscriptions',
          refill: false,
          dripfeed: false,
        });
      }
    }
    out.push(...subscriptions);
  }
  return out;
}
