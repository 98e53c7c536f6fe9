import 'server-only';
import type { Db } from '@/db/client';
import { eq, sql } from 'drizzle-orm';
import { makeGoods, orders, profiles, verificationChecks, type ProfileResult } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import { AppError } from '@/lib/infra/errors';
import { isAdminSession, type AuthUser } from '@/lib/domain/credentials';
import { clientStatus, durumOf } from './operation-update';
import { proofFields } from './proofs';
import { centsToDecimal } from '@/lib/infra/money';

import { orderByKey, orderKeyOfInput } from '@/lib/domain/order-view';

/**
 * GET /operations/{task_id}: §3 Task tracking, for the owner or an admin session (anyone else,
 * including an admin account signed in through the customer login, gets the same 404 as for a
 * task that does not exist). Used by the client after a reconnect.
 */
export async function getOperation(db: Db, viewer: Pick<AuthUser, 'id' | 'rol' | 'kind'>, taskId: string) {
  // Issue #33: the task_id, or the order's number ("123"; "#123" as a person copies it).
  const key = orderKeyOfInput(taskId);
  if (!key) throw new AppError('TASK_NOT_FOUND');
  const [order] = await db.select().from(orders).where(orderByKey(key));
  if (!order || (order.userId !== viewer.id && !isAdminSession(viewer))) throw new AppError('TASK_NOT_FOUND');
  const results = order.results as ProfileResult[];
  const { kept, makeGood } = await orderVerification(db, order.id);
  return {
    task_id: order.id,
    order_number: order.number,
    status: clientStatus(order.status),
    operation: order.service,
    timestamp: order.updatedAt.toISOString(),
    result: results.map((r) => ({ profile_id: r.profile_id, result: r.result, ...proofFields(r) })),
    success_count: results.filter((r) => r.result === 'success').length,
    total_count: order.profileCount,
    order_status: order.status,
    durum: durumOf(order.status),
    platform: order.platform,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    bakiye_harcanan: (order.priceCents - order.refundedCents) / 100,
    // Issue #33 item 7: what the order took from the balance after refunds (USD text) and how it was paid.
    charge: centsToDecimal(order.priceCents - order.refundedCents),
    billing: order.priceCents > 0 ? ('balance' as const) : ('package' as const),
    // Issue #17: when it starts, the window its profiles spread across and, while a spread order
    // runs, when its next profiles act.
    start_at: order.startAt?.toISOString() ?? null,
    spread_minutes: order.spreadMinutes,
    next_batch_at: order.status === 'processing' || order.status === 'scheduled' ? (order.nextBatchAt?.toISOString() ?? null) : null,
    // Issue #38: what the re-checks found (the order's kept share) and each undone action's make-good.
    kept,
    make_goods: makeGood,
  };
}

export type OrderKept = { checked: number; kept: number; share: number | null };
export type OrderMakeGood = {
  profile_id: number;
  state: 'open' | 'redoing' | 'redone' | 'refunded';
  undone_day: number;
  undone_at: string;
  by_username: string | null;
  refund: string;
  usage_returned: boolean;
  done_at: string | null;
};

/**
 * Issue #38 items 2 and 3: the order's re-checks and make-goods. `kept`: among its profiles with an
 * answered check, those whose last answer is `kept` (the order's kept share); `make_goods`: one per
 * action found undone, with the day it was found (after the order's end), who redid it or what was
 * given back. Two indexed reads (verification_checks_uq, make_goods_uq by the order's id).
 */
async function orderVerification(db: Db, orderId: string): Promise<{ kept: OrderKept; makeGood: OrderMakeGood[] }> {
  const [last, goods] = await Promise.all([
    db.execute(sql`
      select distinct on (profile_id) profile_id, state::text as state
        from ${verificationChecks} where order_id = ${orderId} and state in ('kept', 'undone')
       order by profile_id, after_minutes desc`),
    db
      .select({ g: makeGoods, by: profiles.username })
      .from(makeGoods)
      .leftJoin(profiles, eq(profiles.id, makeGoods.byProfileId))
      .where(eq(makeGoods.orderId, orderId))
      .orderBy(makeGoods.id),
  ]);
  const answers = rowsOf<{ profile_id: number; state: string }>(last);
  const keptCount = answers.filter((a) => a.state === 'kept').length;
  return {
    kept: { checked: answers.length, kept: keptCount, share: answers.length ? Math.round((keptCount / answers.length) * 10_000) / 10_000 : null },
    makeGood: goods.map(({ g, by }) => ({
      profile_id: g.profileId,
      state: g.state,
      undone_day: Math.round(g.afterMinutes / 1440),
      undone_at: g.undoneAt.toISOString(),
      by_username: g.state === 'redone' || g.state === 'redoing' ? (by ?? null) : null,
      refund: centsToDecimal(g.refundCents),
      usage_returned: g.usageReturned,
      done_at: g.doneAt?.toISOString() ?? null,
    })),
  };
}
