import 'server-only';
import type { Db } from '@/db/client';
import type { profiles } from '@/db/schema';
import type { Platform } from '@/lib/catalogue/services';

type Row = typeof profiles.$inferSelect;

/**
 * The active profile rows per database handle and platform, kept for a few seconds: every
 * public service page and GET /profiles reads the same list, which only a sync changes (a sync
 * in this process clears it at once; other nodes see it within the TTL). Sends never read this
 * cache: they check the chosen profiles against the table inside their transaction.
 * Measured with a CPU profile of SSR /service/retweet on the embedded database: the embedded
 * database's work was about a fifth of the page's CPU time, most of it this query.
 */
export const PROFILE_CACHE_TTL_MS = 5000;
const cache = new WeakMap<Db, Map<Platform, { at: number; rows: Promise<Row[]> }>>();

export async function cachedProfileRows(db: Db, platform: Platform, load: () => PromiseLike<Row[]>): Promise<Row[]> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(platform);
  if (hit && Date.now() - hit.at < PROFILE_CACHE_TTL_MS) return hit.rows;
  // Promise.resolve runs the query now and once: a Drizzle query is a lazy thenable that would
  // run again on every `await` of the cached value.
  const entry = { at: Date.now(), rows: Promise.resolve(load()) };
  perDb.set(platform, entry);
  try {
    const rows = await entry.rows;
    // An empty list is not kept: the first-start sync must see the rows it just wrote.
    if (rows.length === 0 && perDb.get(platform) === entry) perDb.delete(platform);
    return rows;
  } catch (err) {
    if (perDb.get(platform) === entry) perDb.delete(platform);
    throw err;
  }
}

/** Called by every profile sync: the next read goes to the table. */
export function forgetCachedProfiles(db: Db, platform: Platform): void {
  cache.get(db)?.delete(platform);
}
