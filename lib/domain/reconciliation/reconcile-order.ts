import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, profiles, type ProfileResult } from '@/db/schema';
import { finalizeOrder, operationUpdate, type Emit } from '@/lib/domain/operations';
import { createProviderClient, type ProviderClient, type ProviderTask } from '@/lib/domain/provider';
import { emitToUser } from '@/lib/infra/realtime';
import { logger } from '@/logger';
import { listStuckOrders, stuckLimits, type StuckLimits } from './stuck-orders';

export type ReconcileOutcome =
  /** The provider had the answer: the order ended with it. */
  | 'finalized'
  /** The provider reported progress: the order moved and waits again. */
  | 'moved'
  /** Still unknown, still within the maximum: asked again, nothing changed. */
  | 'asked'
  /** Still unknown after the maximum: ended as failed for its pending profiles (refunded). */
  | 'ended'
  /** Not stuck (any more), already final, or gone: nothing to do. */
  | 'skipped';

export type ReconcileOptions = { client?: ProviderClient; emit?: Emit; now?: Date; limits?: StuckLimits };

const emitDefault: Emit = (userId, payload) => emitToUser(userId, 'operation_update', payload);

/**
 * Issue #17 "Reconciliation" for one order: an order still `processing` whose status has not moved
 * for the site's deadline is asked again at the provider (islem_durumu with its task id). A final
 * answer ends it with the provider's results; progress is recorded (the status moved); no answer
 * leaves it, until the maximum has passed: then it ends as failed for its pending profiles.
 * Every end goes through finalizeOrder, which locks the order row and ends it at most once, so the
 * refund (refundOrderCharge, one ledger row per order) happens exactly once even when two nodes
 * reconcile the same order or a node restarts halfway.
 */
export async function reconcileOrder(db: Db, orderId: string, options: ReconcileOptions = {}): Promise<ReconcileOutcome> {
  const now = options.now ?? new Date();
  const limits = options.limits ?? (await stuckLimits(db));
  const emit = options.emit ?? emitDefault;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'processing') return 'skipped';
  const idle = now.getTime() - order.updatedAt.getTime();
  if (idle < limits.afterMinutes * 60_000) return 'skipped';

  const known = new Map<number, 'success' | 'failed' | 'pending'>((order.results as ProfileResult[]).map((r) => [r.profile_id, r.result]));
  const end = async (error: string | undefined, outcome: 'finalized' | 'ended'): Promise<ReconcileOutcome> => {
    const { changed, order: final } = await finalizeOrder(db, orderId, { outcomes: known, error });
    if (!changed) return 'skipped';
    emit(final.userId, operationUpdate(final));
    return outcome;
  };

  let task: ProviderTask | null = null;
  try {
    const [platform] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, order.platform));
    const statusUrl = platform?.apiEndpoints.islem_durumu ?? '';
    if (statusUrl && order.providerTaskId) task = await (options.client ?? createProviderClient()).status(statusUrl, order.providerTaskId, order.id);
  } catch (err) {
    logger.warn({ orderId, err: err instanceof Error ? err.message : String(err) }, 'stuck order: the provider did not answer');
  }

  if (task) {
    const rows = await db.select({ id: profiles.id, providerId: profiles.providerId }).from(profiles).where(inArray(profiles.id, order.profileIds));
    const fromProvider = new Map(rows.map((r) => [r.providerId, r.id]));
    let changed = false;
    for (const r of task.results) {
      const id = fromProvider.get(r.profile_id);
      if (id === undefined || known.get(id) !== 'pending' || r.result === 'pending') continue;
      known.set(id, r.result);
      changed = true;
    }
    if (task.status === 'completed' || task.status === 'failed') {
      return end(task.status === 'failed' ? 'provider reported the task failed' : undefined, 'finalized');
    }
    if (changed) {
      const [saved] = await db
        .update(orders)
        .set({
          results: order.profileIds.map((id) => ({ profile_id: id, result: known.get(id) ?? 'pending' })),
          successCount: [...known.values()].filter((v) => v === 'success').length,
          updatedAt: now,
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
        .returning();
      if (saved) emit(saved.userId, operationUpdate(saved));
      return saved ? 'moved' : 'skipped';
    }
  }
  if (idle >= limits.maxMinutes * 60_000) return end(`stuck for ${Math.round(idle / 60_000)} min: ended by reconciliation`, 'ended');
  return 'asked';
}

export type ReconcileSummary = Record<ReconcileOutcome, number>;

/** The periodic job: every stuck `processing` order, oldest first, one at a time. */
export async function reconcileStuckOrders(db: Db, options: ReconcileOptions & { limit?: number } = {}): Promise<ReconcileSummary> {
  const limits = options.limits ?? (await stuckLimits(db));
  const stuck = await listStuckOrders(db, { statuses: ['processing'], now: options.now, limit: options.limit ?? 100 });
  const summary: ReconcileSummary = { finalized: 0, moved: 0, asked: 0, ended: 0, skipped: 0 };
  for (const o of stuck) {
    try {
      summary[await reconcileOrder(db, o.task_id, { ...options, limits })]++;
    } catch (err) {
      logger.error({ err, orderId: o.task_id }, 'reconciling an order failed');
    }
  }
  if (stuck.length) logger.info({ summary }, 'stuck orders reconciled');
  return summary;
}
