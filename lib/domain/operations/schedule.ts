import 'server-only';
import { createHash } from 'node:crypto';
import type { OrderBatch } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

/** How far ahead an order may be scheduled (issue #17). */
export const MAX_SCHEDULE_DAYS = 30;
/** The longest window the profiles of one order may be spread across: 24 h. */
export const MAX_SPREAD_MINUTES = 1440;
/** A start a little in the past (the browser's clock, the request's flight) means "now". */
const PAST_TOLERANCE_MS = 5 * 60_000;
/** Moments this close to a batch's first one act with it: one provider task instead of several. */
export const BATCH_GAP_MS = 60_000;

export type Schedule = {
  /** When the first profile may act; null: at once. */
  startAt: Date | null;
  spreadMinutes: number;
};

/**
 * Reads `start_at` (an ISO 8601 time with a zone, from now to 30 days ahead; absent = now) and
 * `spread_minutes` (a whole number 0–1440; absent = 0) of a send. START_AT_INVALID and
 * SPREAD_INVALID name what is wrong; a start up to five minutes in the past counts as now.
 */
export function parseSchedule(input: { startAt?: string | null; spreadMinutes?: number | string | null }, now: Date): Schedule {
  let spreadMinutes = 0;
  const rawSpread = input.spreadMinutes;
  if (rawSpread !== undefined && rawSpread !== null && rawSpread !== '') {
    const n = typeof rawSpread === 'number' ? rawSpread : /^\s*\d{1,5}\s*$/.test(rawSpread) ? Number(rawSpread) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > MAX_SPREAD_MINUTES) throw new AppError('SPREAD_INVALID', { params: { max: MAX_SPREAD_MINUTES } });
    spreadMinutes = n;
  }
  let startAt: Date | null = null;
  const rawStart = input.startAt?.trim();
  if (rawStart) {
    // A time without a zone would be read in the server's zone, not the user's: refused.
    const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(rawStart);
    const at = new Date(rawStart);
    const invalid = () => new AppError('START_AT_INVALID', { params: { days: MAX_SCHEDULE_DAYS } });
    if (!zoned || Number.isNaN(at.getTime())) throw invalid();
    if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) throw invalid();
    if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) throw invalid();
    if (at.getTime() > now.getTime()) startAt = at;
  }
  return { startAt, spreadMinutes };
}

/**
 * The batches of a spread order: every profile gets its own random moment, uniform across
 * [start, start + spread]; moments are sorted and each batch gathers those within BATCH_GAP_MS
 * of its first one (which is the batch's `at`). No spread: no batches (one send of all).
 */
export function planBatches(profileIds: number[], start: Date, spreadMinutes: number, random: () => number = Math.random): OrderBatch[] {
  if (spreadMinutes <= 0) return [];
  const windowMs = spreadMinutes * 60_000;
  const moments = profileIds
    .map((id) => ({ id, at: start.getTime() + Math.floor(random() * windowMs) }))
    .sort((a, b) => a.at - b.at);
  const batches: { at: number; profile_ids: number[] }[] = [];
  for (const m of moments) {
    const last = batches.at(-1);
    if (last && m.at - last.at < BATCH_GAP_MS) last.profile_ids.push(m.id);
    else batches.push({ at: m.at, profile_ids: [m.id] });
  }
  return batches.map((b) => ({ at: new Date(b.at).toISOString(), profile_ids: b.profile_ids }));
}

/**
 * The batches of a drip-feed order (issue #16, reseller API `runs` and `interval`): the profiles,
 * in the order they were chosen (the most reliable first), in `runs` groups as equal as can be,
 * the i-th acting `i × interval` minutes after the start.
 */
export function dripBatches(profileIds: number[], start: Date, drip: { runs: number; intervalMinutes: number }): OrderBatch[] {
  const runs = Math.max(1, Math.min(drip.runs, profileIds.length));
  if (runs <= 1) return [];
  const batches: OrderBatch[] = [];
  let from = 0;
  for (let i = 0; i < runs; i++) {
    const size = Math.floor(profileIds.length / runs) + (i < profileIds.length % runs ? 1 : 0);
    batches.push({ at: new Date(start.getTime() + i * drip.intervalMinutes * 60_000).toISOString(), profile_ids: profileIds.slice(from, from + size) });
    from += size;
  }
  return batches;
}

/** The provider idempotency key of one batch: a repeated batch reuses its provider task. */
export const batchKey = (orderId: string, index: number) => `${orderId}:${index}`;

/**
 * The pg-boss job id of a batch after the first (whose job id is the order id): derived, so
 * queuing the same batch twice (a retried attempt) leaves one job.
 */
export function batchJobId(orderId: string, index: number): string {
  if (index === 0) return orderId;
  const h = createHash('sha256').update(`${orderId}:batch:${index}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
