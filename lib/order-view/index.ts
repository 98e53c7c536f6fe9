export { protocolStatus, toOrderView, usernamesOf, isOrderId, orderViewColumns, readOrderViews, type OrderView, type OrderViewRow, type ProtocolStatus } from './order-view';
