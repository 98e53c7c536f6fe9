import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refundOrderCharge } from '@/lib/domain/balance';
import { orders, usageCounters, type ProfileResult } from '@/db/schema';
import { queueOrderWebhook } from '@/lib/domain/webhooks';
import { recordDailyResults, recordProfileOutcomes } from '@/lib/domain/profiles';
import { notifyOrderEnd } from '@/lib/domain/notifications';
import { isFinal } from './operation-update';
import { proofsOf, withProof, type Proof } from './proofs';

type Order = typeof orders.$inferSelect;

export type FinalizeInput = {
  /** Outcome per profile (our profile ids); a profile without a 'success' here counts as failed. */
  outcomes: Map<number, 'success' | 'failed' | 'pending'>;
  /** Proofs of successful profiles (provider contract 1.1); those already stored on the order are kept. */
  proofs?: Map<number, Proof>;
  error?: string;
};

export type FinalizeResult = { changed: boolean; order: Order };

/**
 * Ends an order exactly once: with the order row locked, an order that is already final is left
 * alone; otherwise its per-profile results, counts and final status are written and, for a paid
 * order, the failed profiles' prices are refunded to the balance (one refund row per order, the
 * partial unique index balance_ledger_order_refund_uq backs this up). An order in which every
 * profile failed gives its daily use back. An API order's webhook is queued in the same
 * transaction (lib/domain/webhooks), and each profile's result counts towards its health (a profile
 * failing too often in a row is quarantined: lib/domain/profiles/profile-health.ts).
 */
export async function finalizeOrder(db: Db, orderId: string, input: FinalizeInput): Promise<FinalizeResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Error(`order ${orderId} not found`);
    if (isFinal(order.status)) return { changed: false, order };

    const proofs = new Map([...proofsOf(order.results as ProfileResult[]), ...(input.proofs ?? [])]);
    const results: ProfileResult[] = order.profileIds.map((id) =>
      withProof({ profile_id: id, result: input.outcomes.get(id) === 'success' ? 'success' : 'failed' }, proofs),
    );
    const successCount = results.filter((r) => r.result === 'success').length;
    const status: Order['status'] = successCount === results.length ? 'completed' : successCount === 0 ? 'failed' : 'partial';

    let refundCents = 0;
    if (order.priceCents > 0) {
      for (const r of results) if (r.result === 'failed') refundCents += order.profilePricesCents[String(r.profile_id)] ?? 0;
      refundCents = Math.min(refundCents, order.priceCents - order.refundedCents);
    }
    if (refundCents > 0) {
      refundCents = await refundOrderCharge(tx, { userId: order.userId, orderId: order.id, cents: refundCents });
    }

    if (successCount === 0 && order.usageDay) {
      await tx
        .update(usageCounters)
        .set({ count: sql`greatest(${usageCounters.count} - 1, 0)` })
        .where(and(eq(usageCounters.userId, order.userId), eq(usageCounters.service, order.service), eq(usageCounters.day, order.usageDay)));
    }

    const endedAt = new Date();
    const changes = {
      status,
      results,
      successCount,
      refundedCents: order.refundedCents + refundCents,
      lastError: input.error ?? order.lastError,
      completedAt: endedAt,
      updatedAt: endedAt,
    };
    const ended: Order = { ...order, ...changes };
    // The order's update, the reseller's webhook and the customer's notice (issue #18: failed
    // profiles with their refund, or the plain end) are sent together, the update first: their
    // statements share the round trips (issue #19: the final event waits for this transaction).
    // The webhook and the notice are made from the ended order as written.
    const updating = tx
      .update(orders)
      .set(changes)
      .where(eq(orders.id, order.id))
      .then(() => undefined);
    const [update, hook, notice] = await Promise.allSettled([updating, queueOrderWebhook(tx, ended), notifyOrderEnd(tx, ended, refundCents)]);
    for (const step of [update, hook, notice]) if (step.status === 'rejected') throw step.reason;
    // Profile health (issue #17): counted once per order, with the order's end. Last, because it
    // locks the profiles' rows, which every order of the same profiles ending now also needs: held
    // only until the commit, not across the writes above (issue #19: orders of popular profiles
    // ending together waited on each other there, up to ~180 ms before their final event).
    await recordProfileOutcomes(tx, input.outcomes);
    // The profiles' records the server's pick ranks by (issue #35), last for the same reason.
    await recordDailyResults(tx, order, results);
    return { changed: true, order: ended };
  });
}
