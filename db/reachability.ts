import { sql } from 'drizzle-orm';
import { logger } from '@/logger';
import type { Db } from './client';
import { openedDbHandle } from './opened';

/**
 * Whether the database has been out of reach for a while, so the route wrapper answers at once
 * (503 TEMPORARILY_UNAVAILABLE) instead of queueing one more request behind it.
 *
 * While PostgreSQL is down, postgres.js keeps the queries it is given and sends them when it is
 * back. For a restart of a second or two that is best (the send goes through), but in an outage
 * of minutes every request waits: measured, a 35 s stop left 1,650 sends waiting p50 20 s and up
 * to 49 s, each holding its socket and memory. So: the first "database unavailable" error
 * (`fail()` in app/api/_lib/route.ts), or a closed connection whose check finds no answer
 * (`connectionClosed`), marks the database down and starts a probe (`select 1`,
 * one at a time, again a second after each failure); the first probe answered marks it up. Once
 * it has been down for FAIL_FAST_AFTER_MS, new API requests are refused before they touch it;
 * the ones already waiting are served when it is back. Kept on globalThis: server.ts and the
 * Next.js bundle each load this module. The two moments are the log lines an operator looks for:
 * "database out of reach" (an error) and "database reachable again" with how long it was away.
 */
export const FAIL_FAST_AFTER_MS = 3000;
/** The `Retry-After` (seconds) of every answer refused because the database is out of reach: API, pages, sitemap. */
export const RETRY_AFTER_SECONDS = 5;
const PROBE_EVERY_MS = 1000;

/** How long a check after a closed connection waits for `select 1` before calling the database down. */
const CHECK_TIMEOUT_MS = 1000;

type State = { downSince: number | null; probing: boolean; checking: boolean };
const KEY = Symbol.for('etk.db.reachability');

function state(): State {
  const g = globalThis as { [KEY]?: State };
  return (g[KEY] ??= { downSince: null, probing: false, checking: false });
}

/**
 * How long the database has been known to be out of reach: 0 only when it is not, so at least 1
 * in the millisecond it was marked away (callers read 0 as "reachable").
 */
export function databaseDownForMs(now = Date.now()): number {
  const { downSince } = state();
  return downSince === null ? 0 : Math.max(1, now - downSince);
}

/** True when new requests should be refused at once. */
export function failFast(now = Date.now()): boolean {
  return databaseDownForMs(now) >= FAIL_FAST_AFTER_MS;
}

/** A query failed because the database could not be reached. */
export function noteDatabaseUnreachable(): void {
  const s = state();
  markDown(s, Date.now(), 'a query could not reach it');
  if (!s.probing) scheduleProbe(s);
}

function markDown(s: State, since: number, how: string): void {
  if (s.downSince !== null) return;
  s.downSince = since;
  logger.error({ how, refusingAfterMs: FAIL_FAST_AFTER_MS }, 'database out of reach: requests wait for it, then are refused with 503 until it answers');
}

/**
 * A PostgreSQL connection closed (postgres.js's `onclose`: a restart, a failover, a lifetime's
 * end, or a failed attempt to connect). The request whose query a failed attempt rejects is often
 * the order worker's, not a route's, so routes alone learnt of an outage late (measured: 8 s of
 * sends queued before the first refusal). A check answers within a second: when `select 1` does
 * not, the database is down since the close.
 */
export function connectionClosed(): void {
  const s = state();
  if (s.downSince !== null || s.checking) return;
  s.checking = true;
  const closedAt = Date.now();
  void answersWithin(CHECK_TIMEOUT_MS).then((answered) => {
    s.checking = false;
    if (answered) return;
    markDown(s, closedAt, 'a connection closed and select 1 got no answer');
    if (!s.probing) scheduleProbe(s);
  });
}

/**
 * Whether the database is reachable now: false while it is known to be away, else whether
 * `select 1` is answered within a second; no answer marks it away (as `connectionClosed` does).
 * For a page whose render failed (server/outage-page.ts): an outage, or a fault of its own?
 */
export async function reachableNow(): Promise<boolean> {
  const s = state();
  if (s.downSince !== null) return false;
  const askedAt = Date.now();
  if (await answersWithin(CHECK_TIMEOUT_MS)) return true;
  markDown(s, askedAt, 'a page failed and select 1 got no answer');
  if (!s.probing) scheduleProbe(s);
  return false;
}

async function answersWithin(ms: number): Promise<boolean> {
  const handle = openedDbHandle();
  if (!handle) return true;
  return selectOneWithin((await handle).db, ms).catch(() => false);
}

/**
 * Whether `select 1` is answered within `ms` (false when not; the query itself stays queued). A
 * refused or lost connection rejects, as the query would. Also GET /api/health's check.
 */
export async function selectOneWithin(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve(db.execute(sql`select 1`)).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function scheduleProbe(s: State): void {
  s.probing = true;
  setTimeout(() => void probe(s), PROBE_EVERY_MS).unref();
}

async function probe(s: State): Promise<void> {
  const handle = openedDbHandle();
  try {
    // No database opened in this process (a unit test of a handler): nothing to wait for.
    if (handle) await (await handle).db.execute(sql`select 1`);
    if (s.downSince !== null) logger.warn({ downForMs: Date.now() - s.downSince }, 'database reachable again');
    s.downSince = null;
    s.probing = false;
  } catch {
    scheduleProbe(s);
  }
}
