export { ADMIN_ROOM, DASHBOARD_EVENT, emitToUser, getIo, notifyDashboard, setIo, userRoom } from './emit';
export { attachSocketServer, closeSocketServer } from './attach';
