import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';
import { createTtlCache } from '@/lib/infra/cache';

/** Issue #37: the default of site_settings.watch_poll_seconds (the column's default too). */
export const DEFAULT_WATCH_POLL_SECONDS = 120;

const cache = createTtlCache<'watch', number>({ ttlMs: 5000 });

/**
 * Seconds between two polls of one watch (site setting `watch_poll_seconds`, issue #37), kept a
 * few seconds per process like the other settings (lib/infra/cache); PUT /site-ayar ends the entry
 * at once in this process, other nodes see it within 5 s. It paces polling only, no money or limit.
 */
export function watchPollSeconds(db: Db): Promise<number> {
  return cache.get(db, 'watch', async () => {
    const [row] = await db.select({ seconds: siteSettings.watchPollSeconds }).from(siteSettings).where(eq(siteSettings.id, 1));
    return row?.seconds ?? DEFAULT_WATCH_POLL_SECONDS;
  });
}
