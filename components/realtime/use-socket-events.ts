'use client';

import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_OPTIONS } from './operation-socket';

type Handlers = Record<string, (payload: unknown) => void>;
type Holder = { socket: Socket; token: string; users: number };

let holder: Holder | null = null;

/**
 * One shared Socket.IO connection per page and token for the support desk and the notification
 * bell (issue #18): the server sends `ticket:updated` and `notification:new` only to the user's
 * own room and, for tickets, to the admin room. A reconnect calls `onReconnect` so the page reads
 * again what it may have missed.
 */
export function useSocketEvents(token: string | null, handlers: Handlers, onReconnect?: () => void): void {
  const ref = useRef({ handlers, onReconnect });
  useEffect(() => {
    ref.current = { handlers, onReconnect };
  });
  const events = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!token) return;
    if (!holder || holder.token !== token) {
      holder?.socket.disconnect();
      holder = { socket: io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } }), token, users: 0 };
    }
    const h = holder;
    h.users++;
    const names = events ? events.split(',') : [];
    const listeners = names.map((name) => [name, (payload: unknown) => ref.current.handlers[name]?.(payload)] as const);
    for (const [name, fn] of listeners) h.socket.on(name, fn);
    let connectedBefore = false;
    const onAuth = () => {
      if (connectedBefore) ref.current.onReconnect?.();
      connectedBefore = true;
    };
    h.socket.on('authenticated', onAuth);
    return () => {
      for (const [name, fn] of listeners) h.socket.off(name, fn);
      h.socket.off('authenticated', onAuth);
      h.users--;
      if (h.users === 0 && holder === h) {
        h.socket.disconnect();
        holder = null;
      }
    };
  }, [token, events]);
}
