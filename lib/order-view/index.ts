export { protocolStatus, toOrderView, usernamesOf, isOrderId, readOrderViews, type OrderView, type OrderViewRow, type ProtocolStatus } from './order-view';
