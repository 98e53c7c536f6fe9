import 'server-only';
import { asc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms } from '@/db/schema';
import type { Platform } from '@/lib/catalogue/services';
import { createTtlCache } from '@/lib/cache';

export type PublicPlatform = { id: number; ad: Platform; aktif: boolean };
export type AdminPlatform = PublicPlatform & { api_endpoints: Record<string, string> };

/** GET /platformlar: public callers see name and state; endpoint URLs are for admins only. */
export async function listPlatforms(db: Db, options: { withEndpoints: true }): Promise<AdminPlatform[]>;
export async function listPlatforms(db: Db, options?: { withEndpoints?: false }): Promise<PublicPlatform[]>;
export async function listPlatforms(db: Db, options: { withEndpoints?: boolean } = {}): Promise<PublicPlatform[] | AdminPlatform[]> {
  const rows = await db.select().from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.id));
  return rows.map((p) =>
    options.withEndpoints
      ? { id: p.id, ad: p.ad, aktif: p.aktif, api_endpoints: p.apiEndpoints }
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
 * (lib/cache); PUT /platformlar ends the entry at once in this process. Sends check the platform
 * inside their transaction, never here.
 */
export function cachedPlatforms(db: Db): Promise<PublicPlatform[]> {
  return platformCache.get(db, 'public', () => listPlatforms(db));
}

/** The active platforms from the cached list (header tabs, sitemap). */
export async function cachedActivePlatforms(db: Db): Promise<PublicPlatform[]> {
  return (await cachedPlatforms(db)).filter((p) => p.aktif);
}
