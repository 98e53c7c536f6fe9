import 'server-only';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimitBuckets } from '@/db/schema';
import { AppError } from '@/lib/errors';

export type RateLimitRule = { key: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit in a fixed window kept in rate_limit_buckets. The read-and-increment is one
 * INSERT … ON CONFLICT DO UPDATE, so concurrent requests on several server processes sharing one
 * PostgreSQL never lose a hit. A window that has run out starts again at 1.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key: rule.key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then now() + ${window} else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({
      count: rateLimitBuckets.count,
      remaining: sql<string>`greatest(0, extract(epoch from (${rateLimitBuckets.resetAt} - now())))`,
    });
  const count = row!.count;
  const retryAfterSeconds = Math.max(1, Math.ceil(Number(row!.remaining)));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** The error every limited endpoint answers: 429, a Retry-After header and a localized mesaj. */
export function rateLimited(seconds: number): AppError {
  return new AppError('RATE_LIMITED', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
}

/** Counts a hit and throws RATE_LIMITED (429, Retry-After) when the rule is over its limit. */
export async function enforceRateLimit(db: Db, rule: RateLimitRule): Promise<void> {
  const r = await hitRateLimit(db, rule);
  if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
}

/** Counts a hit on every rule and throws RATE_LIMITED (with the longest wait) when any is over. */
export async function enforceRateLimits(db: Db, rules: RateLimitRule[]): Promise<void> {
  let wait = 0;
  for (const rule of rules) {
    const r = await hitRateLimit(db, rule);
    if (!r.allowed) wait = Math.max(wait, r.retryAfterSeconds);
  }
  if (wait > 0) throw rateLimited(wait);
}

/** Gives back one hit (e.g. a successful login does not count against the failed-login limit). */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(0, ${rateLimitBuckets.count} - 1)` })
    .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.resetAt} > now()`);
}

/** Deletes buckets whose window has ended (periodic housekeeping). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const rows = await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, sql`now()`)).returning({ key: rateLimitBuckets.key });
  return rows.length;
}
