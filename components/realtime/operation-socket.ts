'use client';

import { io, type Socket } from 'socket.io-client';

/** §9 socket settings. */
export const SOCKET_OPTIONS = {
  path: '/socket.io/',
  transports: ['websocket', 'polling'],
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const;

export type ConnectionState = 'connected' | 'lost' | 'error';

type Listener = {
  onUpdate: (payload: unknown) => void;
  onReconnect: () => void;
  onState: (state: ConnectionState) => void;
};

type Holder = { socket: Socket; token: string; listeners: Set<Listener>; everConnected: boolean };

let holder: Holder | null = null;

/**
 * One Socket.IO connection per page session and token, kept across client-side navigation
 * between service pages (so it does not reconnect, and does not toast, on every tab). The token
 * travels in the handshake's `auth` (not the URL, which ends up in logs); the server answers
 * `authenticated` or `auth_error`, and authenticates again by itself on every reconnect.
 */
function ensure(token: string): Holder {
  if (holder && holder.token === token) return holder;
  holder?.socket.disconnect();
  const socket = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } });
  const h: Holder = { socket, token, listeners: new Set(), everConnected: false };
  const each = (fn: (l: Listener) => void) => h.listeners.forEach(fn);

  socket.on('operation_update', (payload: unknown) => each((l) => l.onUpdate(payload)));
  socket.on('authenticated', () => {
    const reconnect = h.everConnected;
    h.everConnected = true;
    each((l) => l.onState('connected'));
    if (reconnect) each((l) => l.onReconnect());
  });
  socket.on('auth_error', () => each((l) => l.onState('error')));
  socket.on('disconnect', (reason) => {
    // A disconnect we asked for (leaving, logging out) is not a lost connection.
    if (reason !== 'io client disconnect') each((l) => l.onState('lost'));
  });
  socket.io.on('reconnect_failed', () => each((l) => l.onState('error')));
  socket.on('connect_error', () => {
    if (!h.everConnected && !socket.active) each((l) => l.onState('error'));
  });
  holder = h;
  return h;
}

/** Subscribes to the user's operation_update events; returns the unsubscribe function. */
export function subscribeOperations(token: string, listener: Listener): () => void {
  const h = ensure(token);
  h.listeners.add(listener);
  return () => {
    h.listeners.delete(listener);
  };
}

/** Closes the connection (logout). */
export function closeOperationSocket(): void {
  holder?.socket.disconnect();
  holder = null;
}
