'use client';

import type { Socket } from 'socket.io-client';

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

type EventListener = { names: ReadonlySet<string>; onEvent: (name: string, payload: unknown) => void; onReconnect: () => void };

type Holder = {
  socket: Socket | null;
  key: string;
  listeners: Set<Listener>;
  eventListeners: Set<EventListener>;
  everConnected: boolean;
  closed: boolean;
};

let holder: Holder | null = null;

/**
 * Who a token speaks for: its user, login (sid), kind and session version. Two tokens signed at
 * different moments for the same login (the page's and the header's) share one connection.
 */
function identity(token: string): string {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    return [claims.sub, claims.sid, claims.kind, claims.sv].map(String).join(':');
  } catch {
    return token;
  }
}

/**
 * One Socket.IO connection per page session and login, kept across client-side navigation between
 * pages (so it does not reconnect, and does not toast, on every tab) and shared by everything that
 * listens: the order badges, the notification bell, the support desk. One connection, not one per
 * feature: it is cheaper for the server, and the client library's "offline" handling closes only
 * the first of several connections (engine.io-client removes a listener from the list it is
 * iterating), so a second connection never noticed that the phone went offline. The token travels
 * in the handshake's `auth` (not the URL, which ends up in logs); the server answers
 * `authenticated` or `auth_error`, and authenticates again by itself on every reconnect.
 */
function ensure(token: string): Holder {
  const key = identity(token);
  if (holder && holder.key === key) return holder;
  close(holder);
  const h: Holder = { socket: null, key, listeners: new Set(), eventListeners: new Set(), everConnected: false, closed: false };
  holder = h;
  // The client library (~13 KB compressed) is its own chunk, loaded once a signed-in page subscribes:
  // a visitor's page never loads it, and it is not part of the script a page runs before it is usable.
  void import('socket.io-client').then(({ io }) => {
    if (h.closed) return;
    h.socket = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } });
    wire(h, h.socket);
  });
  return h;
}

function wire(h: Holder, socket: Socket): void {
  const each = (fn: (l: Listener) => void) => h.listeners.forEach(fn);
  socket.on('operation_update', (payload: unknown) => each((l) => l.onUpdate(payload)));
  socket.onAny((name: string, payload: unknown) => {
    h.eventListeners.forEach((l) => {
      if (l.names.has(name)) l.onEvent(name, payload);
    });
  });
  socket.on('authenticated', () => {
    const reconnect = h.everConnected;
    h.everConnected = true;
    each((l) => l.onState('connected'));
    if (reconnect) {
      each((l) => l.onReconnect());
      h.eventListeners.forEach((l) => l.onReconnect());
    }
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
}

function close(h: Holder | null): void {
  if (!h) return;
  h.closed = true;
  h.socket?.disconnect();
}

/**
 * Subscribes to other events of the user's connection (the bell's `notification:new`, the support
 * desk's `ticket:updated`); `onReconnect` runs after a reconnect. Returns the unsubscribe function.
 */
export function subscribeEvents(token: string, names: readonly string[], onEvent: (name: string, payload: unknown) => void, onReconnect: () => void): () => void {
  const h = ensure(token);
  const listener: EventListener = { names: new Set(names), onEvent, onReconnect };
  h.eventListeners.add(listener);
  return () => {
    h.eventListeners.delete(listener);
  };
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
  close(holder);
  holder = null;
}
