import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profiles, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { NEW_TWEET_TIERS, profilePriceCents } from '@/lib/domain/pricing';
import { FOLLOWER_PRICED_PLATFORMS } from '@/lib/domain/catalogue/services';

/** One selected profile of a new tweet, with the §9 follower tier its price comes from. */
export type NewTweetQuoteLine = {
  profileId: number;
  username: string;
  followers: number;
  /** The tier's follower range, inclusive; `tierMax` null for the open top tier. */
  tierMin: number;
  tierMax: number | null;
  priceCents: number;
};

export type NewTweetQuote = { lines: NewTweetQuoteLine[]; totalCents: number; balanceCents: number; balanceAfterCents: number };

/**
 * What a new tweet by these profiles would cost the user (§9), line by line, and what their
 * balance would be after it: the confirmation shows exactly this, and the send charges the same
 * profilePriceCents sum (send-operation.ts), so the browser never computes money. The profiles
 * must be the active Twitter ones the send would accept (else PROFILES_UNAVAILABLE, as there).
 */
export async function quoteNewTweet(db: Db, input: { userId: number; profileIds: number[] }): Promise<NewTweetQuote> {
  const [user] = await db.select({ bakiyeCents: users.bakiyeCents }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const rows = await db
    .select({ id: profiles.id, username: profiles.username, followers: profiles.followersCount })
    .from(profiles)
    .where(and(inArray(profiles.id, input.profileIds), inArray(profiles.platform, [...FOLLOWER_PRICED_PLATFORMS]), eq(profiles.status, 'active')));
  if (rows.length !== input.profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = input.profileIds.map((id) => {
    const p = byId.get(id)!;
    const priceCents = profilePriceCents(p.followers);
    const index = NEW_TWEET_TIERS.findIndex((tier) => tier.cents === priceCents);
    const upTo = NEW_TWEET_TIERS[index]!.upTo;
    return {
      profileId: p.id,
      username: p.username,
      followers: p.followers,
      tierMin: index === 0 ? 0 : NEW_TWEET_TIERS[index - 1]!.upTo + 1,
      tierMax: Number.isFinite(upTo) ? upTo : null,
      priceCents,
    };
  });
  const totalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  return { lines, totalCents, balanceCents: user.bakiyeCents, balanceAfterCents: user.bakiyeCents - totalCents };
}
