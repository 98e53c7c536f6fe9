export { getUserStats, type UserStats } from './get-user-stats';
export { listUserServiceOrders, type Transaction } from './list-user-service-orders';
export { DURUM_OF_STATUS, type Durum } from './order-status';
export { historyQuerySchema } from './schemas';
