import 'server-only';
import { platformDescriptor } from '@/platforms';
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profiles } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { logger } from '@/logger';
import { createRepeatGate, errorKind } from '@/lib/infra/log-repeats';
import { isProviderError } from '@/lib/domain/provider';
import { firstSync } from './first-sync';
import { cachedProfileRows } from './profile-cache';

/** §3 Profile as the service pages read it. */
export type PublicProfile = {
  id: number;
  username: string;
  name: string;
  followers: string;
  followers_count: number;
  status: string;
  platform: Platform;
  /** Issue #36 (contract 1.3): ISO 639-1 codes of the languages its audience reads; empty when not known. */
  languages: string[];
  /** ISO 3166-1 alpha-2, or null when not known. */
  country: string | null;
  /** Keys of the niche taxonomy (lib/domain/audience/niches.ts). */
  niches: string[];
  verified: boolean;
  /** Whole days since the account was opened, or null when not known. */
  account_age_days: number | null;
  x_followers?: string;
  ig_username?: string;
  ig_followers?: string;
};

const providerGate = createRepeatGate();

/**
 * GET /twitter/profiles (and /instagram, /youtube): the active profiles of a platform from the
 * synced table, shuffled (§7). When the table has none yet (first start), one sync is tried first;
 * when the provider cannot give a list then, the API answers an empty one.
 */
export async function listProfiles(db: Db, platform: Platform): Promise<PublicProfile[]> {
  try {
    return await readProfiles(db, platform);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    // The failed try is thrown again for 30 s: one line a minute, not one per call.
    const seen = providerGate(`${platform}|${errorKind(err)}`);
    if (seen.log) logger.warn({ err, platform, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, 'profile list not available from the provider');
    return [];
  }
}

/**
 * The profiles a service page shows: as listProfiles, but when the table is empty and the first
 * sync failed (now, or on the try of the last 30 s) this throws the provider's error, so the page
 * can say the list could not be loaded rather than that there are no profiles (§8). A database
 * error throws either way.
 */
export async function readProfiles(db: Db, platform: Platform): Promise<PublicProfile[]> {
  let rows = await activeRows(db, platform);
  if (rows.length === 0) {
    // First start: one quick sync (first-sync.ts), or the last try's failure again for 30 s.
    await firstSync(db, platform);
    rows = await activeRows(db, platform);
  }
  return shuffle(rows.map((r) => toPublic(platform, r)));
}

async function activeRows(db: Db, platform: Platform) {
  return cachedProfileRows(db, platform, () =>
    db
      .select()
      .from(profiles)
      .where(and(eq(profiles.platform, platform), eq(profiles.status, 'active')))
      .orderBy(sql`${profiles.id}`),
  );
}
function toPublic(platform: Platform, r: typeof profiles.$inferSelect): PublicProfile {
  const base: PublicProfile = {
    id: r.id,
    username: r.username,
    name: r.name,
    followers: r.followersText,
    followers_count: r.followersCount,
    status: r.status,
    platform,
    languages: r.languages,
    country: r.country,
    niches: r.niches,
    verified: r.verified,
    account_age_days: accountAgeDays(r.accountCreatedAt),
  };
  // §7's platform fields (`x_followers`, `ig_username`, …), named by the platform's descriptor.
  const fields: { followers?: string; username?: string } = platformDescriptor(platform)?.profileFields ?? {};
  const extra = base as Record<string, unknown>;
  if (fields.followers) extra[fields.followers] = r.followersText;
  if (fields.username) extra[fields.username] = r.username;
  return base;
}

/** Whole days from a YYYY-MM-DD date to today (UTC), never negative; null for no date. */
export function accountAgeDays(created: string | null, now = Date.now()): number | null {
  if (!created) return null;
  const at = Date.parse(`${created}T00:00:00Z`);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 86_400_000));
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
