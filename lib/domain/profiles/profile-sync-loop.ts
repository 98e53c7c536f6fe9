import 'server-only';
import type { Db } from '@/db/client';
import { PLATFORMS } from '@/lib/domain/catalogue/services';
import { logger } from '@/logger';
import { syncProfiles } from './sync-profiles';

/**
 * Background refresh of the profiles table (server/background.ts): a first pass shortly after
 * start (the simulated provider is served by this same server, so it waits until it listens),
 * then every `intervalMs`. A failing platform is retried sooner and keeps its last list.
 */
export function startProfileSync(db: Db, options: { firstDelayMs?: number; intervalMs?: number; retryMs?: number } = {}): { stop: () => Promise<void> } {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const retryMs = options.retryMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const run = async () => {
    let failed = false;
    for (const platform of PLATFORMS) {
      if (stopped) return;
      try {
        const result = await syncProfiles(db, platform);
        logger.debug(result, 'profiles synced');
      } catch (err) {
        failed = true;
        logger.warn({ platform, err: (err as Error).message }, 'profile sync failed; keeping the last list');
      }
    }
    schedule(failed ? retryMs : intervalMs);
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run();
    }, ms);
    timer.unref();
  };
  schedule(options.firstDelayMs ?? 1000);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
