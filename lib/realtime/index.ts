export { ADMIN_ROOM, DASHBOARD_EVENT, disconnectSessions, emitToUser, getIo, notifyDashboard, sessionRoom, setIo, userRoom } from './emit';
export { attachSocketServer, closeSocketServer } from './attach';
