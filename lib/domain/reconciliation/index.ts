export { listStuckOrders, stuckLimits, type StuckOrder, type StuckLimits } from './stuck-orders';
export { reconcileOrder, reconcileStuckOrders, type ReconcileOutcome, type ReconcileOptions, type ReconcileSummary } from './reconcile-order';
export { endStuckOrder, retryStuckOrder } from './admin-actions';
export { startReconciliation } from './reconciliation-worker';
export { orderIdParams } from './schemas';
