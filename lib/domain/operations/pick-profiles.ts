import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rawQuery } from '@/db/raw';
import { orders, profiles } from '@/db/schema';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { HEALTH_WINDOW_DAYS } from '@/lib/domain/profiles';

/** How far back a profile's record counts for its reliability: the profile-health window (issue #17). */
export const RELIABILITY_WINDOW_DAYS = HEALTH_WINDOW_DAYS;

export type PickInput = {
  platform: Platform;
  service: Service;
  /** The post or video acted on; null for a new tweet (no target to have acted on). */
  targetUrl: string | null | undefined;
  quantity: number;
  /** Profiles that may not be picked whatever their record (a refill leaves out the original ones). */
  exclude?: number[];
  /** Take as many as there are, up to `quantity` (at least one), instead of refusing fewer (refills). */
  upTo?: boolean;
};

/**
 * The profiles a customer named, each with what the send checks of it, in one statement (issue
 * #19: two reads before): `usable` (exists, of this platform, active) and `done` (issue #17: it
 * already acted on this target for this service, or is acting on it now, in anyone's order: a
 * success or a pending result of an order that was not cancelled, or a redo of another profile's
 * undone action (issue #38 item 2: make_goods.by_profile_id, redoing or redone); one profile never likes,
 * retweets or comments the same post twice). Without a target nothing is `done`. One row per
 * candidate, by id. `candidates` must not be empty. Returned unawaited, to pipeline.
 */
export function candidateProfiles(tx: Db, input: { platform: Platform; service: Service; targetUrl: string | null | undefined; candidates: number[] }) {
  // Fixed texts through the driver (db/raw.ts, issue #19): the send's hot path.
  if (!input.targetUrl) return rawQuery<CandidateProfile>(tx, CANDIDATES, [input.candidates, input.platform]);
  return rawQuery<CandidateProfile>(tx, CANDIDATES_ON_TARGET, [input.candidates, input.platform, input.service, input.targetUrl]);
}

const CANDIDATES = `
  select c.id, p.followers_count as "followersCount",
         coalesce(p.platform = $2::platform and p.status = 'active', false) as usable,
         false as done
    from unnest($1::int[]) as c(id)
    left join profiles p on p.id = c.id
   order by c.id`;

const CANDIDATES_ON_TARGET = `
  select c.id, p.followers_count as "followersCount",
         coalesce(p.platform = $2::platform and p.status = 'active', false) as usable,
         c.id in (
           select (r.value->>'profile_id')::int
             from orders o, jsonb_array_elements(o.results) r
            where o.service = $3::text and o.target_url = $4::text
              and o.status <> 'cancelled' and r.value->>'result' in ('success', 'pending')
           union all
           select mg.by_profile_id
             from orders o join make_goods mg on mg.order_id = o.id
            where o.service = $3::text and o.target_url = $4::text
              and mg.by_profile_id is not null and mg.state in ('redoing', 'redone')) as done
    from unnest($1::int[]) as c(id)
    left join profiles p on p.id = c.id
   order by c.id`;

/** One row per candidate; int4, bool and null parse alike on both drivers. */
export type CandidateProfile = { id: number; followersCount: number | null; usable: boolean; done: boolean };

/**
 * Two sends on one target (by different customers, each under their own row lock) would both find
 * a profile free: the one that checks second waits for this lock until the first has committed.
 * Returned unawaited so the send can pipeline it with its other reads (send-store.ts).
 */
export function lockTarget(tx: Db, service: Service, targetUrl: string) {
  return rawQuery(tx, `select pg_advisory_xact_lock(hashtextextended($1::text, 0))`, [`target:${service}:${targetUrl}`]);
}

/**
 * The server's choice of `quantity` profiles for the reseller API (issue #16 "add" with quantity,
 * and refills). The rule, in order:
 *
 * 1. only active profiles of the platform;
 * 2. never one that cannot act on the target: a profile that already succeeded on, or is still
 *    working on, the same service for the same target (in anyone's order) is left out, so no
 *    profile likes one tweet twice;
 * 3. the most reliable first: the share of successes among the profile's per-profile results in
 *    ended orders (completed, partial, failed) created in the last RELIABILITY_WINDOW_DAYS days
 *    (UTC days, today's part included), smoothed as (successes + 1) / (results + 2), so a profile
 *    without a record ranks as an even chance (0.5) rather than as perfect or hopeless;
 * 4. ties: more followers first, then the lower id (a stable order).
 *
 * Fewer suitable profiles than asked for is NOT_ENOUGH_PROFILES with the number available
 * (with `upTo`, only none is).
 * Runs inside the send's transaction. The record is read from the profiles' daily counters
 * (profile_daily_records, kept by finalizeOrder: issue #35), so its cost does not grow with the
 * orders of the window (it read every such order's results before: ~20,000 jsonb arrays at
 * 1,000,000 orders a year).
 */
export async function pickProfiles(tx: Db, input: PickInput): Promise<number[]> {
  return takePicked(await pickQuery(tx, input), input).map((p) => p.id);
}

/** A profile of the server's pick, with its followers (a new tweet's price). */
export type PickedProfile = { id: number; followersCount: number };

/**
 * pickProfiles' statement, the first `quantity` suitable profiles in the order of the rule (fewer
 * when fewer are suitable: takePicked then refuses with their number), as a fixed text run
 * through the driver (db/raw.ts), unawaited: a send pipelines it behind the target's lock with its
 * other reads (send-store.ts readSend, issue #35 item 4), so the pick costs no round trip of its own.
 */
export function pickQuery(tx: Db, input: PickInput): PromiseLike<PickedProfile[]> {
  const exclude = input.exclude ?? [];
  const excludeSql = exclude.length ? sql`and p.id not in (${sql.join(exclude.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const busySql = input.targetUrl
    ? sql`and p.id not in (
        select (r.value->>'profile_id')::int
          from ${orders} o, jsonb_array_elements(o.results) r
         where o.service = ${input.service} and o.target_url = ${input.targetUrl}
           and o.status <> 'cancelled' and r.value->>'result' in ('success', 'pending')
        union all
        select mg.by_profile_id
          from ${orders} o join make_goods mg on mg.order_id = o.id
         where o.service = ${input.service} and o.target_url = ${input.targetUrl}
           and mg.by_profile_id is not null and mg.state in ('redoing', 'redone'))`
    : sql``;
  // The record of the window from the profiles' daily counters (issue #35: profile_daily_records,
  // kept by finalizeOrder): at most the platform's profiles × the window's days, however many
  // orders there are. Days are UTC days of the orders' creation: the window is the last
  // RELIABILITY_WINDOW_DAYS days and today's part.
  // The window's first UTC day, from the app's clock as every "today" here is (test/one-home).
  const since = new Date(Date.now() - RELIABILITY_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const query = sql`
    with record as (
      select d.profile_id, sum(d.successes) as ok, sum(d.results) as total
        from profile_daily_records d
       where d.platform = ${input.platform}
         and d.day >= ${since}::date
       group by 1
    )
    select p.id as id, p.followers_count as "followersCount"
      from ${profiles} p
      left join record on record.profile_id = p.id
     where p.platform = ${input.platform} and p.status = 'active'
       ${excludeSql}
       ${busySql}
     order by (coalesce(record.ok, 0) + 1)::float8 / (coalesce(record.total, 0) + 2) desc,
              p.followers_count desc, p.id
     limit ${Math.max(0, input.quantity)}
  `;
  const built = (tx as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  return rawQuery<PickedProfile>(tx, built.sql, built.params);
}

/** The pick's rows checked against what was asked: `quantity` of them, or NOT_ENOUGH_PROFILES with the number available. */
export function takePicked(rows: PickedProfile[], input: Pick<PickInput, 'quantity' | 'upTo'>): PickedProfile[] {
  const enough = input.upTo ? rows.length > 0 : rows.length >= input.quantity;
  if (!enough) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: rows.length } });
  return rows.slice(0, input.quantity);
}
