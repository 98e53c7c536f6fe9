export { isOrderId, readOrderView, readOrderViewTexts, type OrderView, type ProtocolStatus } from './order-view';
