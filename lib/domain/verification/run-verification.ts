import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { makeGoods, platforms, siteSettings, verificationChecks } from '@/db/schema';
import { workMakeGoods, type MakeGoodOptions, type MakeGoodSummary } from './make-good';
import { createProviderClient, isProviderError, verifyUrlOf, type ProviderClient, type VerifyState } from '@/lib/domain/provider';
import { logger } from '@/logger';

/** Orders created this long ago at most are scheduled (an order ends within hours of its creation). */
const SCHEDULE_WINDOW_MS = 2 * 86_400_000;
/** A claimed check is due again after this long if its worker died before recording it. */
const LEASE_MS = 10 * 60_000;
/** After this many failed tries (provider unreachable) a check ends as unknown. */
export const MAX_VERIFY_ATTEMPTS = 5;

export type VerificationOptions = {
  client?: ProviderClient;
  now?: Date;
  /** Checks claimed per batch (default 20 for workVerifications, 200 for a run). */
  batch?: number;
  /** Questions to the provider at once within a batch (default 8). */
  concurrency?: number;
};
export type VerificationSummary = { scheduled: number; kept: number; undone: number; unknown: number; retried: number };

/** The site's re-verification times (minutes after an order ended); empty: off. */
export async function verifyAfterMinutes(db: Db): Promise<number[]> {
  const [row] = await db.select({ list: siteSettings.verifyAfterMinutes }).from(siteSettings).where(eq(siteSettings.id, 1));
  const list = row?.list ?? [1440, 10080, 43200];
  return list.filter((m) => Number.isInteger(m) && m >= 0 && m <= 525_600);
}

/**
 * Schedules the checks of recently ended orders (issue #38 item 1): one per successful profile and
 * per time of `verify_after_minutes`, due that long after the order ended. Only orders with no check
 * yet; the unique index makes a second node's insert of the same check a no-op.
 */
export async function scheduleVerifications(db: Db, options: { now?: Date; limit?: number } = {}): Promise<number> {
  const offsets = await verifyAfterMinutes(db);
  if (offsets.length === 0) return 0;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - SCHEDULE_WINDOW_MS).toISOString();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ${verificationChecks} (order_id, profile_id, after_minutes, due_at)
      select o.id, (r->>'profile_id')::int, m.after, o.completed_at + make_interval(mins => m.after)
        from (select id, results, completed_at from orders
               where created_at >= ${since}::timestamptz and status in ('completed', 'partial') and completed_at is not null and success_count > 0
                 and not exists (select 1 from ${verificationChecks} c where c.order_id = orders.id)
               order by created_at limit ${options.limit ?? 500}) o
        cross join lateral jsonb_array_elements(o.results) r
        cross join unnest(array[${sql.join(
          offsets.map((m) => sql`${m}`),
          sql`, `,
        )}]::int[]) as m(after)
       where r->>'result' = 'success' and (r->>'profile_id') ~ '^[0-9]{1,9}$'
      on conflict do nothing
      returning id`),
  );
  return rows.length;
}

type Claimed = {
  id: number;
  order_id: string;
  profile_id: number;
  attempts: number;
  platform: string;
  service: string;
  target_url: string | null;
  provider_task_id: string | null;
  provider_profile_id: string | null;
  proof_url: string | null;
};

/**
 * Works up to `batch` due checks. Each is claimed in one statement (row lock, SKIP LOCKED) and
 * leased for LEASE_MS, so two nodes never ask the same check at once and a node that dies mid-way
 * leaves it due again; the answer is recorded only while the check is still due, so it is recorded
 * once. `unknown` (no verify call, or the provider could not say) is final and changes nothing;
 * a provider that cannot be reached is asked again later, MAX_VERIFY_ATTEMPTS times at most.
 */
export async function workVerifications(db: Db, options: VerificationOptions = {}): Promise<Omit<VerificationSummary, 'scheduled'>> {
  const now = options.now ?? new Date();
  const client = options.client ?? createProviderClient({ timeoutMs: 5000, retries: 1 });
  const claimed = rowsOf<Claimed>(
    await db.execute(sql`
      with picked as (
        select id from ${verificationChecks}
         where state = 'due' and due_at <= ${now.toISOString()}::timestamptz
         order by due_at limit ${options.batch ?? 20}
         for update skip locked
      ), leased as (
        update ${verificationChecks} c set due_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = c.attempts + 1
          from picked where c.id = picked.id
        returning c.id, c.order_id, c.profile_id, c.attempts
      )
      select l.id::int as id, l.order_id::text as order_id, l.profile_id, l.attempts, o.platform::text as platform, o.service, o.target_url, o.provider_task_id,
             p.provider_id as provider_profile_id,
             (select r->>'proof_url' from jsonb_array_elements(o.results) r where r->>'profile_id' = l.profile_id::text limit 1) as proof_url
        from leased l join orders o on o.id = l.order_id left join profiles p on p.id = l.profile_id`),
  );
  const summary = { kept: 0, undone: 0, unknown: 0, retried: 0 };
  if (claimed.length === 0) return summary;
  const endpoints = new Map((await db.select({ ad: platforms.ad, endpoints: platforms.apiEndpoints }).from(platforms)).map((p) => [p.ad as string, p.endpoints]));
  const ask = async (c: Claimed): Promise<VerifyState | null> => {
    const url = verifyUrlOf(endpoints.get(c.platform) ?? {});
    if (!url || !client.verify || !c.provider_profile_id) return 'unknown';
    try {
      return await client.verify(url, {
        order_id: c.order_id,
        service: c.service,
        profile_id: c.provider_profile_id,
        ...(c.provider_task_id ? { task_id: c.provider_task_id } : {}),
        ...(c.target_url ? { target_url: c.target_url } : {}),
        ...(c.proof_url ? { proof_url: c.proof_url } : {}),
      });
    } catch (err) {
      logger.warn({ err: isProviderError(err) ? err.kind : err, check: c.id }, 'verify failed; asked again later');
      return c.attempts >= MAX_VERIFY_ATTEMPTS ? 'unknown' : null;
    }
  };
  // A few questions at once (the provider's latency, not our CPU, is what a check costs).
  const answers = await inPool(claimed, options.concurrency ?? 8, ask);
  const later = claimed.filter((_, i) => answers[i] === null);
  const final = claimed.map((c, i) => ({ id: c.id, state: answers[i] })).filter((a): a is { id: number; state: VerifyState } => a.state !== null);
  if (later.length > 0) {
    // Asked again after attempts × LEASE_MS, in one statement.
    await db.execute(sql`
      update ${verificationChecks} set due_at = ${now.toISOString()}::timestamptz + attempts * interval '${sql.raw(String(LEASE_MS / 60_000))} minutes'
       where state = 'due' and id in (${sql.join(
         later.map((c) => sql`${c.id}`),
         sql`, `,
       )})`);
    summary.retried += later.length;
  }
  if (final.length > 0) {
    // The answers of the batch in one statement, each recorded only while its check is still due
    // (once), and an undone action opens its make-good (issue #38 item 2) in the same statement:
    // once per (order, profile) whatever the number of checks finding it undone.
    const recorded = rowsOf<{ state: VerifyState; n: number | string }>(
      await db.execute(sql`
        with answers(id, state) as (values ${sql.join(
          final.map((a) => sql`(${a.id}::bigint, ${a.state}::verification_state)`),
          sql`, `,
        )}), rec as (
          update ${verificationChecks} c set state = a.state, checked_at = ${now.toISOString()}::timestamptz
            from answers a
           where c.id = a.id and c.state = 'due'
          returning c.id, c.order_id, c.profile_id, c.after_minutes, c.state
        ), opened as (
          insert into ${makeGoods} (order_id, profile_id, check_id, after_minutes, due_at, undone_at)
          select order_id, profile_id, id, after_minutes, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from rec where state = 'undone'
          order by id
          on conflict (order_id, profile_id) do nothing
          returning id
        )
        select state::text as state, count(*) as n from rec group by 1`),
    );
    for (const r of recorded) summary[r.state] += Number(r.n);
  }
  return summary;
}

/** Runs `work` over `items` with at most `limit` at once; the results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

/** One run of the task works batches for at most this long (default), then leaves the rest to the next run. */
export const VERIFY_RUN_BUDGET_MS = 15_000;

/**
 * The `verify` maintenance task: schedules the checks of newly ended orders, works the due checks in
 * batches (default 200, 8 questions at once) for at most `budgetMs`, pausing `pauseMs` between
 * batches so the node's sends and pages get the event loop and the database between them, then makes
 * good the actions found undone (issue #38 item 2). `more`: due checks were left; the caller offers
 * the task again at once (server/background.ts), so a backlog is worked through run after run while
 * the other maintenance tasks of the node take their turns between runs.
 */
export async function runVerification(
  db: Db,
  options: VerificationOptions & { budgetMs?: number; pauseMs?: number; makeGood?: Omit<MakeGoodOptions, 'client' | 'now'> } = {},
): Promise<VerificationSummary & { madeGood: MakeGoodSummary; more: boolean }> {
  const scheduled = await scheduleVerifications(db, { now: options.now });
  const batch = options.batch ?? 200;
  const client = options.client ?? createProviderClient({ timeoutMs: 5000, retries: 1 });
  const deadline = Date.now() + (options.budgetMs ?? VERIFY_RUN_BUDGET_MS);
  const checks = { kept: 0, undone: 0, unknown: 0, retried: 0 };
  let more = false;
  for (;;) {
    const done = await workVerifications(db, { ...options, client, batch });
    const worked = done.kept + done.undone + done.unknown + done.retried;
    for (const k of ['kept', 'undone', 'unknown', 'retried'] as const) checks[k] += done[k];
    if (worked < batch) break;
    if (Date.now() >= deadline) {
      more = true;
      break;
    }
    await new Promise((r) => setTimeout(r, options.pauseMs ?? 20));
  }
  const madeGood = await workMakeGoods(db, { ...options.makeGood, client, now: options.now });
  return { scheduled, ...checks, madeGood, more };
}
