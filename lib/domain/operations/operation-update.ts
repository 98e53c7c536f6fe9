import 'server-only';
import type { orders, ProfileResult } from '@/db/schema';
import { emitToUser } from '@/lib/infra/realtime';
import { durumOf, FINAL_STATUSES, type Durum } from '@/lib/domain/order-figures';

type Order = typeof orders.$inferSelect;

/** Final order states (the order will not change again): lib/domain/order-figures. */
export { FINAL_STATUSES };
export const isFinal = (status: Order['status']) => FINAL_STATUSES.includes(status);

/**
 * The status the §4 client understands: 'completed' is final (whatever the outcome, the counts
 * tell success, partial or failure), everything else is pending.
 */
export function clientStatus(status: Order['status']): 'pending' | 'scheduled' | 'processing' | 'completed' {
  if (isFinal(status)) return 'completed';
  // Issue #17: waiting for its start_at (not final: the §4 client keeps waiting).
  if (status === 'scheduled') return 'scheduled';
  return status === 'processing' ? 'processing' : 'pending';
}

/** The §7 transaction durum of an order (lib/domain/order-figures: partly successful is `kismi`, never `basarili`). */
export { durumOf, type Durum };

export type OperationUpdate = {
  operation: string;
  task_id: string;
  status: 'pending' | 'scheduled' | 'processing' | 'completed';
  /** Only profiles with an outcome: a badge never turns red while its profile is still working. */
  result: { profile_id: number; result: 'success' | 'failed' }[];
  success_count: number;
  total_count: number;
  /** The precise state: pending, scheduled, processing, completed, partial, failed, cancelled. */
  order_status: Order['status'];
  timestamp: string;
};

export function operationUpdate(order: Pick<Order, 'id' | 'service' | 'status' | 'results' | 'profileCount' | 'updatedAt'>): OperationUpdate {
  const done = (order.results as ProfileResult[]).filter((r): r is { profile_id: number; result: 'success' | 'failed' } => r.result !== 'pending');
  return {
    operation: order.service,
    task_id: order.id,
    status: clientStatus(order.status),
    result: done.map((r) => ({ profile_id: r.profile_id, result: r.result })),
    success_count: done.filter((r) => r.result === 'success').length,
    total_count: order.profileCount,
    order_status: order.status,
    timestamp: (order.updatedAt ?? new Date()).toISOString(),
  };
}

export type Emit = (userId: number, payload: OperationUpdate) => void;

/** Emits to the owner's room only (lib/infra/realtime), never to anyone else. */
export const emitOperationUpdate: Emit = (userId, payload) => emitToUser(userId, 'operation_update', payload);
