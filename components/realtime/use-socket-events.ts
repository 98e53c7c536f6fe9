'use client';

import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_OPTIONS } from './operation-socket';

type Handlers = Record<string, (payload: unknown) => void>;
type Holder = { socket: Promise<Socket>; token: string; users: number };

/** One connection per token; the last user of a token closes it. */
const holders = new Map<string, Holder>();

/**
 * A shared Socket.IO connection per token for the support desk and the notification bell
 * (issue #18): the server sends `ticket:updated` and `notification:new` only to the user's
 * own room and, for tickets, to the admin room. A reconnect calls `onReconnect` so the page reads
 * again what it may have missed. The client library is loaded with the first subscription (its
 * own chunk), so the pages a visitor sees never load it.
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
      const socket = import('socket.io-client').then(({ io }) => io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } }));
      h = { socket, token, users: 0 };
      holders.set(token, h);
    }
    const holder = h;
    holder.users++;
    const names = events ? events.split(',') : [];
    const listeners = names.map((name) => [name, (payload: unknown) => ref.current.handlers[name]?.(payload)] as const);
    let connectedBefore = false;
    const onAuth = () => {
      if (connectedBefore) ref.current.onReconnect?.();
      connectedBefore = true;
    };
    let active = true;
    void holder.socket.then((socket) => {
      if (!active) return;
      for (const [name, fn] of listeners) socket.on(name, fn);
      socket.on('authenticated', onAuth);
    });
    return () => {
      active = false;
      holder.users--;
      const last = holder.users === 0;
      if (last) holders.delete(token);
      void holder.socket.then((socket) => {
        for (const [name, fn] of listeners) socket.off(name, fn);
        socket.off('authenticated', onAuth);
        if (last) socket.disconnect();
      });
    };
  }, [token, events]);
}
