import 'server-only';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, profiles, siteSettings } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { publicContentChanged, createTtlCache } from '@/lib/infra/cache';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { AppError } from '@/lib/infra/errors';
import { rowsOf } from '@/db/rows';
import { ACTED_STATUSES, statusIn } from '@/lib/domain/order-figures';

/** How far back a profile's record counts (issue #17 "over the last 7 days"); the v2 pick uses the same window. */
export const HEALTH_WINDOW_DAYS = 7;
export const DEFAULT_QUARANTINE_AFTER = 5;

/** Statuses a sync never overwrites: our own verdicts, not the provider's. */
export const HELD_STATUSES = ['quarantined', 'disabled'] as const;

const windowStart = (now: Date) => new Date(now.getTime() - HEALTH_WINDOW_DAYS * 24 * 3600_000);

/**
 * Counts one finished order's per-profile results against its profiles, inside the transaction
 * that ends the order (finalizeOrder), so each order counts exactly once: a success resets the
 * profile's failures in a row, a failure reported by the provider adds one, and the failure that
 * reaches the site's quarantineAfterFailures (default 5) takes an active profile out of the pool
 * ('quarantined'). A profile still 'pending' when the order ends (the provider never answered for
 * it: timeouts, retries used up, a stuck order ended) is not the profile's fault and counts as
 * neither. Rows are locked in id order so two orders ending together cannot deadlock here.
 * Returns the ids quarantined now.
 */
export async function recordProfileOutcomes(tx: Db, outcomes: Map<number, 'success' | 'failed' | 'pending'>): Promise<number[]> {
  const succeeded = [...outcomes].filter(([, r]) => r === 'success').map(([id]) => id);
  const failed = [...outcomes].filter(([, r]) => r === 'failed').map(([id]) => id);
  const ids = [...succeeded, ...failed].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  // All succeeded and none has failures to reset (the usual end): nothing to write, so no row
  // locks either. Orders of the same popular profiles ending together used to queue on these
  // locks until each other's commit (issue #19). A failure being counted concurrently is not
  // lost: it commits after this order's (unwritten) reset, as if this order had ended first.
  if (failed.length === 0) {
    const dirty = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(inArray(profiles.id, succeeded), gt(profiles.consecutiveFailures, 0)));
    if (dirty.length === 0) return [];
  }
  const locked = await tx
    .select({ id: profiles.id, status: profiles.status, failures: profiles.consecutiveFailures })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(profiles.id)
    .for('update');
  if (succeeded.length) await tx.update(profiles).set({ consecutiveFailures: 0 }).where(inArray(profiles.id, succeeded));
  if (!failed.length) return [];
  const limit = await quarantineAfter(tx);
  const next = sql`${profiles.consecutiveFailures} + 1`;
  const reaches = sql`${profiles.status} = 'active' and ${next} >= ${limit}`;
  await tx
    .update(profiles)
    .set({
      consecutiveFailures: next,
      status: sql`case when ${reaches} then 'quarantined' else ${profiles.status} end`,
      quarantinedAt: sql`case when ${reaches} then now() else ${profiles.quarantinedAt} end`,
    })
    .where(inArray(profiles.id, failed));
  const failedSet = new Set(failed);
  const quarantined = locked.filter((r) => failedSet.has(r.id) && r.status === 'active' && r.failures + 1 >= limit).map((r) => r.id);
  if (quarantined.length) publicContentChanged();
  return quarantined;
}

/**
 * Issue #35: adds an ended order's per-profile results to its profiles' records of the day the
 * order was created (profile_daily_records, UTC days), in the transaction that ends the order
 * (finalizeOrder), so each ended order counts exactly once. The server's pick ranks profiles by
 * these counters (lib/domain/operations/pick-profiles.ts) instead of reading every order of the
 * window. Rows are written in profile id order (no deadlock between orders ending together); a
 * profile id that is no longer in the profiles table is left out.
 */
export async function recordDailyResults(
  tx: Db,
  order: { platform: Platform; createdAt: Date },
  results: readonly { profile_id: number; result: string }[],
): Promise<void> {
  const per = new Map<number, { ok: number; n: number }>();
  for (const r of results) {
    const e = per.get(r.profile_id) ?? { ok: 0, n: 0 };
    e.n++;
    if (r.result === 'success') e.ok++;
    per.set(r.profile_id, e);
  }
  if (per.size === 0) return;
  const ids = [...per.keys()].sort((a, b) => a - b);
  await tx.execute(sql`
    insert into profile_daily_records (platform, day, profile_id, successes, results)
    select ${order.platform}::platform, (${order.createdAt.toISOString()}::timestamptz at time zone 'UTC')::date, r.id, r.ok, r.n
      from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => per.get(id)!.ok))}::int[], ${sql.param(ids.map((id) => per.get(id)!.n))}::int[]) as r(id, ok, n)
      join profiles p on p.id = r.id
     order by r.id
    on conflict (platform, day, profile_id) do update
       set successes = profile_daily_records.successes + excluded.successes,
           results = profile_daily_records.results + excluded.results`);
}

async function quarantineAfter(db: Db): Promise<number> {
  const [row] = await db.select({ n: siteSettings.quarantineAfterFailures }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.n ?? DEFAULT_QUARANTINE_AFTER;
}

export type ProfileFailure = { order_id: string; /** Issue #33: shown as #123. */ order_number: number; service: string; at: string; error: string | null };
export type ProfileHealth = {
  id: number;
  platform: Platform;
  username: string;
  followers: string;
  status: string;
  /** Share of successes among the profile's results in final orders of the window, 0–100; null without a record. */
  success_rate: number | null;
  results: number;
  /** Median time from order to completion of the orders in which the profile succeeded, in seconds. */
  median_seconds: number | null;
  consecutive_failures: number;
  quarantined_at: string | null;
  recent_failures: ProfileFailure[];
  /** Admin actions on the profile (reactivate, disable), newest first. */
  history: { action: string; at: string; actor_id: number | null }[];
  /** Issue #36: the audience facts, and when an admin last corrected them (null: the provider's). */
  languages: string[];
  country: string | null;
  niches: string[];
  verified: boolean;
  audience_edited_at: string | null;
};

type StatsRow = { profile_id: number | string; ok: number | string; total: number | string; median_seconds: number | string | null };

/** The record of the window per profile of a platform (or of all platforms). */
async function windowStats(db: Db, platform: Platform | undefined, now: Date): Promise<Map<number, { rate: number | null; total: number; median: number | null }>> {
  const platformSql = platform ? sql`and o.platform = ${platform}` : sql``;
  // Issue #35: the planner guesses 100 results per order (jsonb_array_elements) where there are a
  // few, and at 1,000,000 orders chose a parallel plan sorting a million rows it never had: 115 ms
  // for a platform's week at 1,000,000 orders a year, 62 ms on one worker (docs/benchmarks.md).
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(sql`
    select (r.value->>'profile_id')::int as profile_id,
           count(*) filter (where r.value->>'result' = 'success') as ok,
           count(*) as total,
           percentile_cont(0.5) within group (order by extract(epoch from (o.completed_at - o.created_at)))
             filter (where r.value->>'result' = 'success') as median_seconds
      from orders o, jsonb_array_elements(o.results) r
     where o.created_at > ${windowStart(now).toISOString()}::timestamptz ${platformSql}
       and ${statusIn(ACTED_STATUSES, sql`o.status`)}
     group by 1`);
  });
  const map = new Map<number, { rate: number | null; total: number; median: number | null }>();
  for (const r of rowsOf<StatsRow>(result)) {
    const total = Number(r.total);
    const ok = Number(r.ok);
    map.set(Number(r.profile_id), {
      total,
      rate: total > 0 ? Math.round((100 * ok) / total) : null,
      median: r.median_seconds === null ? null : Math.round(Number(r.median_seconds)),
    });
  }
  return map;
}

/**
 * GET /api/admin/profiles and /rooting/profiles: every profile of a platform with its record over
 * the last HEALTH_WINDOW_DAYS days, its failures in a row, its last five failures and the admin
 * actions on it; quarantined ones first, then disabled, active and inactive.
 */
export async function listProfileHealth(db: Db, input: { platform: Platform; status?: string }, now: Date = new Date()): Promise<ProfileHealth[]> {
  const rows = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.platform, input.platform), input.status ? eq(profiles.status, input.status) : undefined))
    .orderBy(sql`case ${profiles.status} when 'quarantined' then 0 when 'disabled' then 1 when 'active' then 2 else 3 end`, profiles.id);
  const stats = await windowStats(db, input.platform, now);

  const failures = rowsOf<{ profile_id: number | string; order_id: string; order_number: number | string; service: string; at: string | Date; error: string | null }>(
    await db.execute(sql`
      select profile_id, order_id, order_number, service, at, error from (
        select (r.value->>'profile_id')::int as profile_id, o.id as order_id, o.number::float8 as order_number, o.service, o.completed_at as at, o.last_error as error,
               row_number() over (partition by (r.value->>'profile_id')::int order by o.completed_at desc) as n
          from orders o, jsonb_array_elements(o.results) r
         where o.created_at > ${windowStart(now).toISOString()}::timestamptz and o.platform = ${input.platform}
           and o.status in ('partial', 'failed') and r.value->>'result' = 'failed'
      ) f where n <= 5`),
  );
  const failuresOf = new Map<number, ProfileFailure[]>();
  for (const f of failures) {
    const list = failuresOf.get(Number(f.profile_id)) ?? [];
    list.push({ order_id: f.order_id, order_number: Number(f.order_number), service: f.service, at: new Date(f.at).toISOString(), error: f.error });
    failuresOf.set(Number(f.profile_id), list);
  }
  for (const list of failuresOf.values()) list.sort((a, b) => b.at.localeCompare(a.at));

  const ids = rows.map((r) => String(r.id));
  const audits = ids.length
    ? await db
        .select({ entityId: auditLog.entityId, action: auditLog.action, at: auditLog.createdAt, actorId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'profile'), inArray(auditLog.entityId, ids)))
        .orderBy(sql`${auditLog.createdAt} desc`)
    : [];
  const historyOf = new Map<string, ProfileHealth['history']>();
  for (const a of audits) {
    const list = historyOf.get(a.entityId!) ?? [];
    if (list.length < 10) list.push({ action: a.action, at: a.at.toISOString(), actor_id: a.actorId });
    historyOf.set(a.entityId!, list);
  }

  return rows.map((p) => {
    const s = stats.get(p.id);
    return {
      id: p.id,
      platform: p.platform,
      username: p.username,
      followers: p.followersText,
      status: p.status,
      success_rate: s?.rate ?? null,
      results: s?.total ?? 0,
      median_seconds: s?.median ?? null,
      consecutive_failures: p.consecutiveFailures,
      quarantined_at: p.quarantinedAt ? p.quarantinedAt.toISOString() : null,
      recent_failures: failuresOf.get(p.id) ?? [],
      history: historyOf.get(String(p.id)) ?? [],
      languages: p.languages,
      country: p.country,
      niches: p.niches,
      verified: p.verified,
      audience_edited_at: p.audienceEditedAt ? p.audienceEditedAt.toISOString() : null,
    };
  });
}

const reliabilityCache = createTtlCache<Platform, Map<number, number | null>>({ ttlMs: 60_000 });

/**
 * The reliability indicator of the customer's profile picker: the success share (0–100) per
 * profile over the last HEALTH_WINDOW_DAYS UTC days and today's part, null for a profile without a
 * record. Read from the profiles' daily counters (profile_daily_records, the pick's record: issue
 * #35), at most the platform's profiles × 8 rows whatever the orders: it read every order of the
 * week before, ~0.9 s at 1,000,000 orders a year for the first visitor of a service page each
 * minute. Kept a minute per process: it moves slowly and every service page reads it.
 */
export function profileReliability(db: Db, platform: Platform): Promise<Map<number, number | null>> {
  return reliabilityCache.get(db, platform, async () => {
    const since = new Date(Date.now() - HEALTH_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
    const result = await db.execute(sql`
      select profile_id, sum(successes) as ok, sum(results) as total
        from profile_daily_records
       where platform = ${platform} and day >= ${since}::date
       group by 1`);
    const map = new Map<number, number | null>();
    for (const r of rowsOf<{ profile_id: number | string; ok: number | string; total: number | string }>(result)) {
      const total = Number(r.total);
      map.set(Number(r.profile_id), total > 0 ? Math.round((100 * Number(r.ok)) / total) : null);
    }
    return map;
  });
}

/**
 * PUT /api/admin/profiles/{id}: an admin puts a profile back in the pool ('active', its failures
 * in a row cleared) or takes it out for good ('disabled'), audited in the same transaction.
 */
export async function setProfileStatus(db: Db, actor: Actor, id: number, status: 'active' | 'disabled'): Promise<{ id: number; status: string }> {
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!before) throw new AppError('PROFILE_NOT_FOUND');
    const [after] = await tx
      .update(profiles)
      .set(status === 'active' ? { status, consecutiveFailures: 0 } : { status })
      .where(eq(profiles.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: status === 'active' ? 'profile.reactivate' : 'profile.disable',
      entity: 'profile',
      entityId: id,
      before: { status: before.status, consecutive_failures: before.consecutiveFailures },
      after: { status: after!.status, consecutive_failures: after!.consecutiveFailures },
    });
    return { id, status: after!.status };
  });
  publicContentChanged();
  return saved;
}
