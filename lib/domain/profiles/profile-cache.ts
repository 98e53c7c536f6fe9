import 'server-only';
import type { profiles } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { createTtlCache } from '@/lib/infra/cache';

type Row = typeof profiles.$inferSelect;

/**
 * The active profile rows per database handle and platform, kept for a few seconds: every
 * public service page and GET /profiles reads the same list, which only a sync changes (a sync
 * in this process ends the entry at once through publicContentChanged; other nodes see it within
 * the TTL). Sends never read this cache: they check the chosen profiles against the table inside
 * their transaction. An empty list is not kept: the first-start sync must see the rows it wrote.
 */
export const PROFILE_CACHE_TTL_MS = 5000;
const profileCache = createTtlCache<Platform, Row[]>({ ttlMs: PROFILE_CACHE_TTL_MS, keep: (rows) => rows.length > 0 });

export const cachedProfileRows = profileCache.get;
