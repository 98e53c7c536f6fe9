import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages } from '@/db/schema';
import { endOfLocalDay } from '@/lib/infra/time';
import { SETTLED_AFTER_MS } from './day-figures';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
const n = (v: unknown) => Number(v ?? 0);

/** A subscription's end: the earlier of its end and its cancellation, never before its start (the index user_packages_effective_end_idx is on it). */
const effectiveEnd = sql`greatest(${userPackages.startsAt}, least(${userPackages.endsAt}, coalesce(${userPackages.cancelledAt}, ${userPackages.endsAt})))`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** In force at `t`: started by then, ending after (through the effective end's index: the subscriptions running across `t`). */
async function countAt(db: Db, t: Date): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(await db.execute(sql`select count(*) as n from ${userPackages} where ${userPackages.startsAt} <= ${at(t)} and ${effectiveEnd} > ${at(t)}`));
  return n(row?.n);
}

/**
 * The starts (+1) and ends (−1) after `from` up to `to`, by the local day whose end (endOfLocalDay:
 * midnight − 1 ms) is the first at or after them (the local date of the moment 999 µs later).
 * Range scans of the two indexes.
 */
async function deltasBetween(db: Db, tz: string, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; n: unknown }>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, d.n
        from (select ((e.t + interval '999 microseconds') at time zone ${tz})::date as day, sum(e.delta) as n
                from (select ${userPackages.startsAt} as t, 1 as delta from ${userPackages}
                       where ${userPackages.startsAt} > ${at(from)} and ${userPackages.startsAt} <= ${at(to)}
                      union all
                      select ${effectiveEnd}, -1 from ${userPackages}
                       where ${effectiveEnd} > ${at(from)} and ${effectiveEnd} <= ${at(to)}) e
               group by 1) d`),
  );
  return new Map(rows.map((r) => [r.day, n(r.n)]));
}

/** In force at the end of each of `days` (consecutive local dates), starting from `base` at the end of the day before the first. */
async function runFrom(db: Db, tz: string, base: { day: string; count: number } | null, days: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let running: number;
  let rest: readonly string[];
  let from: Date;
  if (base) {
    running = base.count;
    rest = days;
    from = endOfLocalDay(base.day, tz);
  } else {
    from = endOfLocalDay(days[0]!, tz);
    running = await countAt(db, from);
    out.set(days[0]!, running);
    rest = days.slice(1);
  }
  if (rest.length === 0) return out;
  const deltas = await deltasBetween(db, tz, from, endOfLocalDay(rest[rest.length - 1]!, tz));
  for (const day of rest) out.set(day, (running += deltas.get(day) ?? 0));
  return out;
}

/**
 * Issue #35: the subscriptions in force at the end of each of `days` (consecutive local dates in
 * `tz`, ascending), for the analytics. The counts of settled days are kept (`subscription_days`,
 * forgotten by the triggers of migration 0030 when a change reaches back to them), so a range reads
 * its kept days and counts on from the last of them through the few days since, by index; the
 * first read of a range counts the subscriptions running across its start and its starts and ends
 * (as every read did before), and keeps the settled days it counted.
 */
export async function subscriptionsInForce(db: Db, tz: string, days: readonly string[], now: Date): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const settled = new Set(days.filter((d) => endOfLocalDay(d, tz).getTime() < now.getTime() - SETTLED_AFTER_MS));
  // Read, counted on and kept under the lock the triggers take before they forget: a change that
  // reaches back either commits before (and is read) or forgets what is kept after; the kept base
  // and the counts since are never from two different states.
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(hashtext('subscription_days'))`);
    const kept = new Map(
      rowsOf<{ day: string; in_force: unknown }>(
        await t.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, in_force from subscription_days where tz = ${tz} and day = any(${`{${[...settled].join(',')}}`}::date[])`),
      ).map((r) => [r.day, n(r.in_force)]),
    );
    // The kept days from the first on; everything after the last of them is counted.
    let first = 0;
    while (first < days.length && kept.has(days[first]!)) first++;
    const out = new Map<string, number>(days.slice(0, first).map((d) => [d, kept.get(d)!]));
    if (first === days.length) return out;
    const base = first > 0 ? { day: days[first - 1]!, count: kept.get(days[first - 1]!)! } : null;
    const toCount = days.slice(first);
    const counted = await runFrom(t, tz, base, toCount);
    const toKeep = toCount.filter((d) => settled.has(d));
    if (toKeep.length > 0) {
      await t.execute(sql`
        insert into subscription_days (tz, day, in_force)
        select ${tz}, d.day::date, d.n from jsonb_to_recordset(${JSON.stringify(toKeep.map((d) => ({ day: d, n: counted.get(d)! })))}::jsonb) as d(day text, n int)
        on conflict do nothing`);
    }
    for (const [d, c] of counted) out.set(d, c);
    return out;
  });
}
