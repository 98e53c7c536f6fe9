import 'server-only';
import { asc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms } from '@/db/schema';
import { platformOfService, type Platform } from '@/lib/domain/catalogue/services';
import { createTtlCache } from '@/lib/infra/cache';
import { centsToDecimal } from '@/lib/infra/money';
import { readActionPrices, type ActionPrice } from '@/lib/domain/pricing/action-prices';

/** The platform's configured per-action prices, for the admin form. */
export function adminActionPrices(prices: Map<string, ActionPrice>, platform: Platform): Record<string, AdminActionPrice> {
  const out: Record<string, AdminActionPrice> = {};
  for (const p of prices.values()) {
    if (platformOfService(p.service) === platform) out[p.service] = { price: centsToDecimal(p.priceCents), enabled: p.enabled, max_profiles: p.maxProfiles };
  }
  return out;
}

export type PublicPlatform = { id: number; ad: Platform; aktif: boolean };
/** A service's pay-per-action row as the admin edits it (issue #33 item 7): price as USD text. */
export type AdminActionPrice = { price: string; enabled: boolean; max_profiles: number };
export type AdminPlatform = PublicPlatform & { api_endpoints: Record<string, string>; action_prices?: Record<string, AdminActionPrice> };

/** GET /platformlar: public callers see name and state; endpoint URLs are for admins only. */
export async function listPlatforms(db: Db, options: { withEndpoints: true }): Promise<AdminPlatform[]>;
export async function listPlatforms(db: Db, options?: { withEndpoints?: false }): Promise<PublicPlatform[]>;
export async function listPlatforms(db: Db, options: { withEndpoints?: boolean } = {}): Promise<PublicPlatform[] | AdminPlatform[]> {
  const rows = await db.select().from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.id));
  const prices = options.withEndpoints ? await readActionPrices(db) : new Map();
  return rows.map((p) =>
    options.withEndpoints
      ? { id: p.id, ad: p.ad, aktif: p.aktif, api_endpoints: p.apiEndpoints, action_prices: adminActionPrices(prices, p.ad) }
      : { id: p.id, ad: p.ad, aktif: p.aktif },
  );
}

/** The active platforms, in display order (header tabs, `/` redirect). */
export async function listActivePlatforms(db: Db): Promise<PublicPlatform[]> {
  return (await listPlatforms(db)).filter((p) => p.aktif);
}

const platformCache = createTtlCache<'public', PublicPlatform[]>({ ttlMs: 5000 });

/**
 * Name and state of every platform for visitors and pages, kept a few seconds per process
 * (lib/infra/cache); PUT /platformlar ends the entry at once in this process. Sends check the platform
 * inside their transaction, never here.
 */
export function cachedPlatforms(db: Db): Promise<PublicPlatform[]> {
  return platformCache.get(db, 'public', () => listPlatforms(db));
}

/** The active platforms from the cached list (header tabs, sitemap). */
export async function cachedActivePlatforms(db: Db): Promise<PublicPlatform[]> {
  return (await cachedPlatforms(db)).filter((p) => p.aktif);
}
