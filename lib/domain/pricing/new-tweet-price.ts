/**
 * §9 New-tweet price per selected profile, by its follower count; the total is the sum.
 * Plain data and arithmetic in integer cents, used by the send (which charges) and by
 * POST <send path>/quote (which shows the same price before it is confirmed).
 */
export const NEW_TWEET_TIERS: readonly { upTo: number; cents: number }[] = [
  { upTo: 3_000, cents: 200 },
  { upTo: 10_000, cents: 300 },
  { upTo: 30_000, cents: 500 },
  { upTo: 100_000, cents: 800 },
  { upTo: Number.POSITIVE_INFINITY, cents: 1500 },
];

/** Price in cents of one profile with this many followers ("up to" is inclusive). */
export function profilePriceCents(followers: number): number {
  const n = Number.isFinite(followers) && followers > 0 ? followers : 0;
  return NEW_TWEET_TIERS.find((tier) => n <= tier.upTo)!.cents;
}

/** Total price in cents of a new tweet by these profiles. */
export function newTweetPriceCents(followerCounts: readonly number[]): number {
  return followerCounts.reduce((sum, followers) => sum + profilePriceCents(followers), 0);
}

/**
 * Parses a follower text as providers and the spec write it ('3K', '1.2M', '12,500', '950')
 * into a number; unknown text gives 0.
 */
export function parseFollowersText(text: string): number {
  const m = /^\s*([\d.,]+)\s*([kKmMbB]?)\s*$/.exec(text);
  if (!m) return 0;
  const suffix = m[2]!.toLowerCase();
  const raw = m[1]!;
  const value = suffix ? Number(raw.replace(',', '.')) : Number(raw.replace(/[.,]/g, ''));
  if (!Number.isFinite(value)) return 0;
  const factor = suffix === 'k' ? 1_000 : suffix === 'm' ? 1_000_000 : suffix === 'b' ? 1_000_000_000 : 1;
  return Math.round(value * factor);
}

/** A follower count as short display text: 950, 3K, 12.5K, 1.2M. */
export function formatFollowers(count: number): string {
  const n = Math.max(0, Math.round(count));
  const short = (v: number, unit: string) => `${(Math.floor(v * 10) / 10).toString()}${unit}`;
  if (n >= 1_000_000) return short(n / 1_000_000, 'M');
  if (n >= 1_000) return short(n / 1_000, 'K');
  return String(n);
}
