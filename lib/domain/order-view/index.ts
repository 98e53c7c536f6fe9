export { isOrderId, isUuidKey, orderByKey, orderKey, orderKeyOfInput, parseOrderViewTexts, readOrderView, readOrderViewTexts, viewsOfOwnerSql, type OrderView } from './order-view';
export type { ProtocolStatus } from '@/lib/domain/order-figures';
