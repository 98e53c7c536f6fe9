'use client';

import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { SOCKET_OPTIONS } from '@/components/realtime/operation-socket';

/**
 * Keeps the dashboard figures live: the server sends `dashboard_changed` to admin sockets when a
 * user, subscription, order or payment changes, and the server component is read again (at most
 * once a second). A reconnect reads it again too, and a slow poll covers what no event announces
 * (the day changing, a subscription running out).
 */
export function DashboardRefresh({ socketToken, fallbackSeconds = 120 }: { socketToken: string | null; fallbackSeconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    let timer: number | undefined;
    const refresh = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        router.refresh();
      }, 1000);
    };
    const poll = window.setInterval(() => router.refresh(), fallbackSeconds * 1000);
    const socket = socketToken ? io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token: socketToken } }) : null;
    let connectedBefore = false;
    socket?.on('authenticated', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    socket?.on('dashboard_changed', refresh);
    return () => {
      window.clearInterval(poll);
      if (timer !== undefined) window.clearTimeout(timer);
      socket?.disconnect();
    };
  }, [router, socketToken, fallbackSeconds]);
  return null;
}
