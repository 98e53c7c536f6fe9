export { getUserStats, type UserStats } from './get-user-stats';
export { listUserServiceOrders, type Transaction } from './list-user-service-orders';
export { historyQuerySchema } from './schemas';
