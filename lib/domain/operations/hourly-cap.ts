import 'server-only';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profileActions, profiles, siteSettings } from '@/db/schema';

const HOUR_MS = 3_600_000;

/** The site's per-profile hourly cap (issue #17, `profil_saatlik_limit`); 0: no cap. */
export async function profileHourlyCap(db: Db): Promise<number> {
  const [row] = await db.select({ cap: siteSettings.profileHourlyCap }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.cap ?? 0;
}

/**
 * Books the actions of one send (an order sent at once, or one batch of a spread order) under the
 * per-profile hourly cap. In one transaction holding the profiles' row locks, so two workers
 * sending the same profile book one after the other, each profile's booked actions of the last
 * hour are counted. When every profile has room, the send's actions are booked at `now` and null
 * is returned (a retried send finds its booking and is not counted twice). Otherwise nothing is
 * booked and the answer is the first moment at which every profile of the send has room again:
 * the send waits for it whole, so its profiles still act together.
 */
export async function bookProfileActions(
  db: Db,
  input: { orderId: string; batchIndex: number; profileIds: number[]; cap: number; now: Date },
): Promise<Date | null> {
  if (input.cap <= 0 || input.profileIds.length === 0) return null;
  const ids = [...new Set(input.profileIds)].sort((a, b) => a - b);
  const since = new Date(input.now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    // In id order: two sends sharing profiles lock them in the same order, never crosswise.
    await tx.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, ids)).orderBy(asc(profiles.id)).for('no key update');
    const mine = await tx
      .select({ profileId: profileActions.profileId })
      .from(profileActions)
      .where(and(eq(profileActions.orderId, input.orderId), eq(profileActions.batchIndex, input.batchIndex)))
      .limit(1);
    if (mine.length > 0) return null;
    // Bookings older than the hour no longer count: these profiles' are removed as they are read.
    await tx.delete(profileActions).where(and(inArray(profileActions.profileId, ids), lte(profileActions.at, since)));
    const recent = await tx
      .select({ profileId: profileActions.profileId, at: profileActions.at })
      .from(profileActions)
      .where(and(inArray(profileActions.profileId, ids), gt(profileActions.at, since)))
      .orderBy(asc(profileActions.profileId), asc(profileActions.at));
    const times = new Map<number, Date[]>();
    for (const r of recent) times.set(r.profileId, [...(times.get(r.profileId) ?? []), r.at]);
    let roomAt = 0;
    for (const list of times.values()) {
      if (list.length < input.cap) continue;
      // Room again once all but cap − 1 of these actions are an hour old.
      roomAt = Math.max(roomAt, list[list.length - input.cap]!.getTime() + HOUR_MS);
    }
    if (roomAt > 0) return new Date(roomAt);
    await tx
      .insert(profileActions)
      .values(ids.map((profileId) => ({ orderId: input.orderId, batchIndex: input.batchIndex, profileId, at: input.now })))
      .onConflictDoNothing();
    return null;
  });
}
