'use client';

import { useCallback, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { useOperationSocket } from '@/components/realtime/use-operation-socket';
import type { ConnectionState } from '@/components/realtime/operation-socket';
import { applyOperationEvent, connectionToast, DuplicateFilter, isFinalStatus, markPending, sameOperation, toastKindOf, type Badge, type OperationEvent } from './order-lifecycle';
import { api } from './service-api';
import { orderNumberText } from '@/lib/infra/format';

/**
 * The live side of the page (§4): per-profile badges driven by operation_update, a toast per
 * order, the connection state, and a refresh of pending orders after a reconnect. `track` is
 * called with the answer of a send; events that arrived before it are replayed then.
 */
export function useOrderTracking(options: { service: Service; platform: Platform; socketToken: string | null; onFinal: () => void }) {
  const { service, platform, socketToken, onFinal } = options;
  const t = useTranslations();
  const locale = useLocale();
  const [badges, setBadges] = useState<Record<number, Badge>>({});
  const [connection, setConnection] = useState<ConnectionState | null>(null);
  const tasks = useRef(new Map<string, number[]>());
  /** Issue #33: each tracked order's number, named in its toasts ("#123"). */
  const numbers = useRef(new Map<string, number>());
  const early = useRef(new Map<string, OperationEvent[]>());
  const dupes = useRef(new DuplicateFilter());
  const lastConnection = useRef<ConnectionState | null>(null);

  const handleEvent = useCallback(
    (payload: unknown, fromRefresh = false) => {
      const event = payload as OperationEvent;
      if (!event || typeof event.task_id !== 'string' || typeof event.operation !== 'string') return;
      if (!sameOperation(event.operation, service)) return;
      const known = tasks.current.get(event.task_id);
      if (!known && !fromRefresh) {
        // The answer to our own POST may still be on its way: keep the event to replay it then.
        const list = early.current.get(event.task_id) ?? [];
        list.push(event);
        early.current.set(event.task_id, list);
      }
      setBadges((b) => applyOperationEvent(b, event, { service, platform, taskProfileIds: known }));
      if (dupes.current.isDuplicate(event, platform)) return;
      const kind = toastKindOf(event);
      const key = `Services.${event.operation.replace(/-/g, '_')}`;
      const values = { operation: t.has(key) ? t(key) : event.operation, success: event.success_count ?? 0, total: event.total_count ?? 0 };
      const plain = t(`Toast.operation_${kind}`, values);
      const number = numbers.current.get(event.task_id) ?? (typeof event.order_number === 'number' ? event.order_number : undefined);
      const message = number === undefined ? plain : t('Toast.numbered', { number: orderNumberText(number), message: plain });
      const toastOptions = { id: event.task_id };
      if (kind === 'success') toast.success(message, toastOptions);
      else if (kind === 'partial') toast.warning(message, toastOptions);
      else if (kind === 'failed') toast.error(message, toastOptions);
      else toast.info(message, toastOptions);
      if (isFinalStatus(event.status)) {
        tasks.current.delete(event.task_id);
        numbers.current.delete(event.task_id);
        onFinal();
      }
    },
    [service, platform, t, onFinal],
  );

  const refreshPending = useCallback(async () => {
    for (const taskId of [...tasks.current.keys()]) {
      const r = await api(`/api/operations/${encodeURIComponent(taskId)}`, locale);
      if (r.ok) handleEvent(r.body, true);
      else toast.error(t('ServicePage.statusCheckError'));
    }
  }, [handleEvent, locale, t]);

  const onState = useCallback(
    (state: ConnectionState) => {
      const kind = connectionToast(lastConnection.current, state);
      lastConnection.current = state;
      setConnection(state);
      if (kind === 'restored') toast.success(t('Realtime.restored'), { id: 'realtime' });
      else if (kind === 'lost') toast.warning(t('Realtime.lost'), { id: 'realtime' });
      else if (kind === 'error') toast.error(t('Realtime.error'), { id: 'realtime' });
    },
    [t],
  );

  useOperationSocket(socketToken, { onUpdate: handleEvent, onReconnect: refreshPending, onState });

  /** A send was accepted: its profiles go pending, then any events that came before the answer apply. */
  function track(taskId: string, ids: number[], orderNumber?: number) {
    tasks.current.set(taskId, ids);
    if (orderNumber !== undefined) numbers.current.set(taskId, orderNumber);
    const buffered = early.current.get(taskId) ?? [];
    early.current.delete(taskId);
    setBadges((b) => buffered.reduce((acc, ev) => applyOperationEvent(acc, ev, { service, platform, taskProfileIds: ids }), markPending(b, ids)));
  }

  return { badges, connection, track };
}
