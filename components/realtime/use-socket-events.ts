'use client';

import { useEffect, useRef } from 'react';
import { subscribeEvents } from './operation-socket';

type Handlers = Record<string, (payload: unknown) => void>;

/**
 * Events of the user's live connection for the support desk and the notification bell (issue #18):
 * the server sends `ticket:updated` and `notification:new` only to the user's own room and, for
 * tickets, to the admin room. They ride on the page's one connection (operation-socket.ts), which
 * the order badges use too. A reconnect calls `onReconnect` so the page reads again what it may
 * have missed.
 */
export function useSocketEvents(token: string | null, handlers: Handlers, onReconnect?: () => void): void {
  const ref = useRef({ handlers, onReconnect });
  useEffect(() => {
    ref.current = { handlers, onReconnect };
  });
  const events = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!token) return;
    return subscribeEvents(
      token,
      events ? events.split(',') : [],
      (name, payload) => ref.current.handlers[name]?.(payload),
      () => ref.current.onReconnect?.(),
    );
  }, [token, events]);
}
