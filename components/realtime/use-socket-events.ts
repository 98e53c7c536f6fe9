'use client';

import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_OPTIONS } from './operation-socket';

type Handlers = Record<string, (payload: unknown) => void>;
type Holder = { socket: Socket; token: string; users: number };

/** One connection per token; the last user of a token closes it. */
const holders = new Map<string, Holder>();

/**
 * A shared Socket.IO connection per token for the support desk and the notification bell
 * (issue #18): the server sends `ticket:updated` and `notification:new` only to the user's
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
    let h = holders.get(token);
    if (!h) {
      h = { socket: io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } }), token, users: 0 };
      holders.set(token, h);
    }
    const holder = h;
    holder.users++;
    const names = events ? events.split(',') : [];
    const listeners = names.map((name) => [name, (payload: unknown) => ref.current.handlers[name]?.(payload)] as const);
    for (const [name, fn] of listeners) holder.socket.on(name, fn);
    let connectedBefore = false;
    const onAuth = () => {
      if (connectedBefore) ref.current.onReconnect?.();
      connectedBefore = true;
    };
    holder.socket.on('authenticated', onAuth);
    return () => {
      for (const [name, fn] of listeners) holder.socket.off(name, fn);
      holder.socket.off('authenticated', onAuth);
      holder.users--;
      if (holder.users === 0) {
        holder.socket.disconnect();
        holders.delete(token);
      }
    };
  }, [token, events]);
}
