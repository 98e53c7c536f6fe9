export { ADMIN_ROOM, DASHBOARD_EVENT, disconnectSessions, emitToAdmins, emitToUser, getIo, notifyDashboard, sessionRoom, setIo, userRoom } from './emit';
