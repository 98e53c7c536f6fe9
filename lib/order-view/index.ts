export { protocolStatus, toOrderView, usernamesOf, isOrderId, type OrderView, type ProtocolStatus } from './order-view';
