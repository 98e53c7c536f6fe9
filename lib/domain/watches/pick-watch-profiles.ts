import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profiles, userPackages, watches } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { matchAll, pickBest } from '@/lib/domain/audience/match-score';
import { crewForSend } from '@/lib/domain/crews';
import { profileReliability, readTargetInfo } from '@/lib/domain/profiles';
import type { ProviderClient } from '@/lib/domain/provider';
import { inForce } from '@/lib/domain/subscriptions';
import { AppError } from '@/lib/infra/errors';

type WatchRow = typeof watches.$inferSelect;

export type WatchPick = { profileIds: number[]; crewId?: number };

/** The package's profile limit for the platform now, or null (no package: the send's own rules cap it). */
async function profileCap(db: Db, userId: number, platform: Platform, now: Date): Promise<number | null> {
  const [pkg] = await db
    .select({ profilLimit: userPackages.profilLimit })
    .from(userPackages)
    .where(and(eq(userPackages.userId, userId), eq(userPackages.platform, platform), inForce(now)));
  return pkg?.profilLimit ?? null;
}

/**
 * The profiles that act on one post of a watch (issue #37 item 1, docs/watch.md "Profiles"):
 * the ticked ones as they are; a crew's profiles active at that moment (the crew read again at
 * each post: a member added or quarantined since counts); or the best N active profiles of the
 * platform by the match score for that post (lib/domain/audience/match-score.ts, the target's
 * language and niche from the provider's target_info, scored without them when it has none, as
 * the service page's "Pick the best N"). Crew and best N stay within the package's profile limit.
 * A crew deleted since (crew_id set null with no other choice) is CREW_NOT_FOUND: the post is
 * skipped with that reason.
 */
export async function pickWatchProfiles(db: Db, watch: WatchRow, postUrl: string, options: { now: Date; client?: ProviderClient }): Promise<WatchPick> {
  if (watch.profileIds.length > 0) return { profileIds: watch.profileIds };
  const platform = watch.platform as Platform;
  if (watch.bestN !== null) {
    const [target, rows, reliability, cap] = await Promise.all([
      readTargetInfo(db, platform, postUrl, options.client),
      db
        .select({ id: profiles.id, followersCount: profiles.followersCount, languages: profiles.languages, niches: profiles.niches })
        .from(profiles)
        .where(and(eq(profiles.platform, platform), eq(profiles.status, 'active'))),
      profileReliability(db, platform),
      profileCap(db, watch.userId, platform, options.now),
    ]);
    const scored = rows.map((r) => ({ ...r, reliability: reliability.get(r.id) ?? null }));
    const scores = matchAll(scored, target ?? { language: null, niche: null });
    return { profileIds: pickBest(scored, scores, watch.bestN, cap) };
  }
  if (watch.crewId === null) throw new AppError('CREW_NOT_FOUND');
  const [crew, cap] = await Promise.all([crewForSend(db, { userId: watch.userId, platform, ref: watch.crewId }), profileCap(db, watch.userId, platform, options.now)]);
  return { profileIds: cap === null ? crew.activeIds : crew.activeIds.slice(0, cap), crewId: crew.id };
}
