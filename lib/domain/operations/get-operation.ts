import 'server-only';
import type { Db } from '@/db/client';
import { orders, type ProfileResult } from '@/db/schema';
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
  };
}
