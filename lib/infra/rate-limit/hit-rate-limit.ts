import 'server-only';
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimitBuckets } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import { AppError } from '@/lib/infra/errors';

export type RateLimitRule = { key: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit in a fixed window kept in rate_limit_buckets. The read-and-increment is one
 * INSERT … ON CONFLICT DO UPDATE, so concurrent requests on several server processes sharing one
 * PostgreSQL never lose a hit. A window that has run out starts again at 1.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitResult> {
  const [row] = rowsOf<RateLimitHitRow>(await db.execute(rateLimitHitSql(sql`${rule.key}`, rule.windowSeconds)));
  return rateLimitResult(row!, rule.limit);
}

/** What rateLimitHitSql returns: the bucket's count after the hit and the seconds left in its window. */
export type RateLimitHitRow = { count: number | string; remaining: number | string };

/**
 * The statement behind hitRateLimit, for a statement that counts a hit as one of its steps (the API
 * key's check, lib/domain/api-keys): one hit in the bucket named by `key` for each row `from` yields (one
 * without `from`). Returns `count` and `remaining` (RateLimitHitRow).
 */
export function rateLimitHitSql(key: SQL, windowSeconds: number, from: SQL = sql``): SQL {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  return sql`insert into ${rateLimitBuckets} as b (key, count, reset_at)
    select (${key})::text, 1, now() + ${window} ${from}
    on conflict (key) do update set
      count = case when b.reset_at <= now() then 1 else b.count + 1 end,
      reset_at = case when b.reset_at <= now() then now() + ${window} else b.reset_at end
    returning b.count, greatest(0, extract(epoch from (b.reset_at - now()))) as remaining`;
}

export function rateLimitResult(row: RateLimitHitRow, limit: number): RateLimitResult {
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.remaining))) };
}

/**
 * The error every limited endpoint answers: 429, a Retry-After header, a localized mesaj and the
 * wait as `remainingSeconds` in the body (for clients that cannot read headers).
 */
export function rateLimited(seconds: number): AppError {
  return new AppError('RATE_LIMITED', {
    params: { seconds },
    extra: { remainingSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
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

/**
 * Counts one hit on every rule; when any is over its limit, gives back every hit of this call and
 * throws RATE_LIMITED with the longest wait. A refused attempt so counts nowhere: an attacker
 * stopped by one rule (say, per account and address) does not use up another (per account) that
 * protects the owner. Returns each rule's result in order (e.g. the failure number of a login).
 */
export async function takeRateLimits(db: Db, rules: RateLimitRule[]): Promise<RateLimitResult[]> {
  const results: RateLimitResult[] = [];
  for (const rule of rules) results.push(await hitRateLimit(db, rule));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return results;
  for (const rule of rules) await refundRateLimit(db, rule.key);
  throw rateLimited(Math.max(...refused.map((r) => r.retryAfterSeconds)));
}

/**
 * A required wait under `key` (e.g. the growing delay after failed logins): nothing under the key
 * may proceed for `seconds`. Never shortens a longer wait already running.
 */
export async function startWait(db: Db, key: string, seconds: number): Promise<void> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  await db
    .insert(rateLimitBuckets)
    .values({ key, count: 1, resetAt: until })
    .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { resetAt: sql`greatest(${rateLimitBuckets.resetAt}, ${until})` } });
}

/** The whole seconds left of a wait started with startWait, 0 when there is none. */
export async function waitSeconds(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ remaining: sql<string>`extract(epoch from (${rateLimitBuckets.resetAt} - now()))` })
    .from(rateLimitBuckets)
    .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.resetAt} > now()`);
  return row ? Math.max(1, Math.ceil(Number(row.remaining))) : 0;
}

/** Forgets a counter or wait (e.g. a successful login clears the failures from its address). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
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
