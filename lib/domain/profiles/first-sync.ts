import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profiles } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { logger } from '@/logger';
import { createRepeatGate, errorKind } from '@/lib/infra/log-repeats';
import { createProviderClient, isProviderError } from '@/lib/domain/provider';
import { syncProfiles } from './sync-profiles';

/**
 * Per database handle and platform: when a first sync was last tried here (so a provider that is
 * down is not asked on every request), and how it failed. On globalThis: server.ts and the modules
 * Next.js bundles load this file separately.
 */
const g = globalThis as typeof globalThis & {
  __etkProfileFirstSync?: WeakMap<Db, Map<Platform, { at: number; error?: unknown }>>;
  __etkProfilesSeen?: WeakMap<Db, Set<Platform>>;
};

const RETRY_MS = 30_000;

/**
 * The profiles table has no row yet for a platform only before its first sync (a fresh database:
 * the worker's sync loop runs a moment after start, and a node with WORKER=0 has none). One quick
 * sync is tried then, at most once per RETRY_MS per process; a try that failed in the last
 * RETRY_MS throws its error again.
 */
export async function firstSync(db: Db, platform: Platform): Promise<void> {
  g.__etkProfileFirstSync ??= new WeakMap();
  let tries = g.__etkProfileFirstSync.get(db);
  if (!tries) g.__etkProfileFirstSync.set(db, (tries = new Map()));
  const last = tries.get(platform);
  if (last && Date.now() - last.at <= RETRY_MS) {
    if (last.error) throw last.error;
    return;
  }
  const attempt: { at: number; error?: unknown } = { at: Date.now() };
  tries.set(platform, attempt);
  try {
    // Somebody is waiting: one quick try, no retries.
    await syncProfiles(db, platform, createProviderClient({ timeoutMs: 5000, retries: 0 }));
  } catch (err) {
    attempt.error = err;
    throw err;
  }
}

const providerGate = createRepeatGate();

/**
 * Issue #35 item 5: before the server picks profiles for a reseller's `add`, the platform's
 * profiles must have been synced once. On a fresh database the first `add` came before any sync
 * (the worker's loop starts a moment after the node, an HTTP-only node never syncs, and only a
 * visitor's profile list synced on demand), found no profile and answered NOT_ENOUGH_PROFILES
 * "available 0" while the provider listed 58. Here a platform without a single row in the table
 * is synced first (firstSync); once a platform has rows in this process's database it is never
 * asked again (rows are never deleted: a sync only deactivates), so this costs nothing after the
 * first `add`. When the provider cannot answer, the pick answers with what the table has.
 */
export async function ensureProfilesSynced(db: Db, platform: Platform): Promise<void> {
  g.__etkProfilesSeen ??= new WeakMap();
  let seen = g.__etkProfilesSeen.get(db);
  if (seen?.has(platform)) return;
  const hasRows = async () => (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.platform, platform)).limit(1)).length > 0;
  let found = await hasRows();
  if (!found) {
    try {
      await firstSync(db, platform);
      found = await hasRows();
    } catch (err) {
      if (!isProviderError(err)) throw err;
      const repeat = providerGate(`${platform}|${errorKind(err)}`);
      if (repeat.log) logger.warn({ err, platform, ...(repeat.repeated ? { repeatedSinceLastLogged: repeat.repeated } : {}) }, 'first profile sync failed before a pick');
    }
  }
  if (!found) return;
  if (!seen) g.__etkProfilesSeen.set(db, (seen = new Set()));
  seen.add(platform);
}
