import { platformDescriptor } from '@/platforms';

/**
 * The order lifecycle of a service page (§4), as plain functions the page's state uses:
 * badges idle → pending when the server accepts a send → success/failed from operation_update,
 * the Instagram rule, duplicate events, and the result toast's kind.
 */
export type Badge = 'idle' | 'pending' | 'success' | 'failed';

export type OperationEvent = {
  operation: string;
  task_id: string;
  status: string;
  result?: { profile_id: number | string; result: string }[] | null;
  success_count?: number;
  total_count?: number;
  /** Issue #33: the order's number (GET /api/operations/{task_id} carries it). */
  order_number?: number;
};

export type ToastKind = 'success' | 'partial' | 'failed' | 'pending';

/** §4: 'completed' (or the old 'SUCCESS') is final; everything else is still pending. */
export function isFinalStatus(status: string): boolean {
  return status === 'completed' || status === 'SUCCESS';
}

/** new-tweet and new_tweet are one service. */
export function sameOperation(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/-/g, '_');
  return norm(a) === norm(b);
}

/** Marks the profiles of an accepted send as pending. */
export function markPending(badges: Record<number, Badge>, profileIds: readonly number[]): Record<number, Badge> {
  const next = { ...badges };
  for (const id of profileIds) next[id] = 'pending';
  return next;
}

/**
 * Applies one operation_update for the current service: each profile in `result` becomes success
 * or failed. Instagram (§4): a final event without per-profile results turns the task's pending
 * profiles to success when success_count > 0, else failed. Events of another service change nothing.
 */
export function applyOperationEvent(
  badges: Record<number, Badge>,
  event: OperationEvent,
  ctx: { service: string; platform: string; taskProfileIds?: readonly number[] },
): Record<number, Badge> {
  if (!sameOperation(event.operation, ctx.service)) return badges;
  const next = { ...badges };
  const results = Array.isArray(event.result) ? event.result : [];
  for (const r of results) {
    const id = Number(r.profile_id);
    if (!Number.isFinite(id)) continue;
    next[id] = r.result === 'success' ? 'success' : r.result === 'pending' ? (next[id] ?? 'pending') : 'failed';
  }
  if (platformDescriptor(ctx.platform)?.liveEvents?.finalWithoutResults && isFinalStatus(event.status) && results.length === 0) {
    const outcome: Badge = (event.success_count ?? 0) > 0 ? 'success' : 'failed';
    const ids = ctx.taskProfileIds ?? Object.keys(next).map(Number);
    for (const id of ids) if (next[id] === 'pending') next[id] = outcome;
  }
  return next;
}

/** §4 toast: all succeeded → success; some → partial; none → failed; not final → pending. */
export function toastKindOf(event: OperationEvent): ToastKind {
  if (!isFinalStatus(event.status)) return 'pending';
  const success = event.success_count ?? 0;
  const total = event.total_count ?? 0;
  if (total > 0 && success === total) return 'success';
  if (success > 0) return 'partial';
  return 'failed';
}

/**
 * §4 duplicates: an event with the same task, status and operation as an earlier one is ignored;
 * on a platform whose descriptor sets a window (Instagram's 10 s), only within it.
 */
export class DuplicateFilter {
  private seen = new Map<string, number>();

  isDuplicate(event: OperationEvent, platform: string, now = Date.now()): boolean {
    const key = `${event.task_id}|${event.status}|${event.operation}`;
    const first = this.seen.get(key);
    const window = platformDescriptor(platform)?.liveEvents?.duplicateWindowMs;
    if (first !== undefined && (window === undefined || now - first < window)) return true;
    this.seen.set(key, now);
    return false;
  }
}

/** §5 profile cap: the first N when selecting all; `null` means no cap (admins, visitors). */
export function selectAllIds(ids: readonly number[], cap: number | null): number[] {
  return cap === null ? [...ids] : ids.slice(0, Math.max(cap, 0));
}

/**
 * The toast for a change of the live connection, or null: a normal connection says nothing; a
 * lost or failed one warns; coming back after a loss says it is restored.
 */
export function connectionToast(previous: 'connected' | 'lost' | 'error' | null, next: 'connected' | 'lost' | 'error'): 'restored' | 'lost' | 'error' | null {
  if (next === 'connected') return previous === 'lost' || previous === 'error' ? 'restored' : null;
  return next === previous ? null : next;
}
