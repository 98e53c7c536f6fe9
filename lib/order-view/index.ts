export { isOrderId, parseOrderViewTexts, readOrderView, readOrderViewTexts, viewsOfOwnerSql, type OrderView, type ProtocolStatus } from './order-view';
