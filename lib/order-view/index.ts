export { protocolStatus, toOrderView, usernamesOf, isOrderId, orderViewColumns, type OrderView, type OrderViewRow, type ProtocolStatus } from './order-view';
