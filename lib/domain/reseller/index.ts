export { V2_ACTIONS, MAX_IDS_PER_REQUEST, v2Request, addRequest, type V2Action, type V2Request, type AddRequest } from './schemas';
export { listServices, servicesAnswer, servicesPrefetch, type ServiceView, type ServiceType } from './list-services';
export { addOrder } from './add-order';
export { getOrderStatuses, statusPrefetch, type ItemResult } from './get-statuses';
export { cancelOrders } from './cancel-orders';
export { refillOrders } from './refill-orders';
export { isOrderId, type OrderView, type ProtocolStatus } from '@/lib/domain/order-view';
