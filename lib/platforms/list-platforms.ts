import 'server-only';
import { asc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms } from '@/db/schema';
import type { Platform } from '@/lib/catalogue/services';

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
