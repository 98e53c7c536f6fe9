'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';

/** Keeps the dashboard figures live: the server component is read again every 30 seconds. */
export function DashboardRefresh({ seconds = 30 }: { seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    const id = window.setInterval(() => router.refresh(), seconds * 1000);
    return () => window.clearInterval(id);
  }, [router, seconds]);
  return null;
}
