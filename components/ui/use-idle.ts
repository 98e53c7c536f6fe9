'use client';

import { startTransition, useEffect, useState } from 'react';

/**
 * False while the page loads, true once the browser is idle after it (requestIdleCallback, at most
 * `timeoutMs` later). For work a page does not need to show itself or answer the first tap: the
 * rest of a long list, the notification bell's list and live connection. A phone's scripts, layout
 * and hydration come first; this work follows as a low-priority update.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 200);
    return () => window.clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
