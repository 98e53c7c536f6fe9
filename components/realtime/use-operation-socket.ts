'use client';

import { useEffect, useRef } from 'react';
import { subscribeOperations, type ConnectionState } from './operation-socket';

type Handlers = {
  onUpdate: (payload: unknown) => void;
  /** After a reconnect: refresh pending orders from GET /api/operations/{task_id}. */
  onReconnect: () => void;
  onState: (state: ConnectionState) => void;
};

/** The live operation_update stream of the signed-in user (§4 real-time states, §9 socket settings). */
export function useOperationSocket(token: string | null, handlers: Handlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!token) return;
    return subscribeOperations(token, {
      onUpdate: (p) => ref.current.onUpdate(p),
      onReconnect: () => ref.current.onReconnect(),
      onState: (s) => ref.current.onState(s),
    });
  }, [token]);
}
