export { getUserStats, type UserStats } from './get-user-stats';
export { latestOrderingCustomer } from './latest-customer';
export { listUserServiceOrders, type Transaction } from './list-user-service-orders';
export { HISTORY_SORTS, historyQuerySchema, type HistorySort } from './schemas';
