import 'server-only';
import type { Server } from 'socket.io';

/**
 * The Socket.IO server lives in server.ts; route handlers and the worker reach it through
 * globalThis because Next.js bundles its own copy of this module.
 */
type Global = typeof globalThis & { __etkIo?: Server; __etkDashboard?: { last: number; timer?: NodeJS.Timeout } };
const g = globalThis as Global;

export function setIo(io: Server | undefined): void {
  g.__etkIo = io;
}

export function getIo(): Server | undefined {
  return g.__etkIo;
}

export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket authenticated with a credential of one login (the token's `sid`). */
export const sessionRoom = (sid: string) => `sid:${sid}`;

/**
 * Ends the sockets of a login (`sid`: plain logout) or of a whole account (`userId`: log out
 * everywhere, a new password, a role change, deactivation, deletion) on this node and, through
 * the PostgreSQL adapter, on every other node (issue #14). Call it after the transaction that
 * ended the session has committed, so a socket that reconnects at once is refused. Without a
 * Socket.IO server in this process (tests, scripts) it does nothing.
 */
export function disconnectSessions(target: { userId: number } | { sid: string }): void {
  const io = g.__etkIo;
  if (!io) return;
  io.in('sid' in target ? sessionRoom(target.sid) : userRoom(target.userId)).disconnectSockets(true);
}

/** Sends an event to every socket of one user, on this node and (with the adapter) on the others. */
export function emitToUser(userId: number, event: string, payload: unknown): void {
  g.__etkIo?.to(userRoom(userId)).emit(event, payload);
}

/** Sockets authenticated with an admin token (admin login) join this room. */
export const ADMIN_ROOM = 'admins';
export const DASHBOARD_EVENT = 'dashboard_changed';

/** Sends an event to every admin session (sockets of an admin-login token), on every node. */
export function emitToAdmins(event: string, payload: unknown): void {
  g.__etkIo?.to(ADMIN_ROOM).emit(event, payload);
}
const DASHBOARD_THROTTLE_MS = 1000;

/**
 * Tells the admins' open dashboards that a figure changed (a user, a subscription, an order or a
 * payment), so they read it again. At most one event a second per node: a burst of sends becomes
 * one event at its start and one at its end. The event carries no data; the dashboard reads the
 * figures itself, with its own access check.
 */
export function notifyDashboard(): void {
  const state = (g.__etkDashboard ??= { last: 0 });
  const emit = () => {
    state.last = Date.now();
    state.timer = undefined;
    g.__etkIo?.to(ADMIN_ROOM).emit(DASHBOARD_EVENT, { at: new Date(state.last).toISOString() });
  };
  const wait = state.last + DASHBOARD_THROTTLE_MS - Date.now();
  if (wait <= 0) emit();
  else if (!state.timer) {
    state.timer = setTimeout(emit, wait);
    state.timer.unref?.();
  }
}
