'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * Code a control needs only once someone reaches for it (a menu, a drawer and what is inside),
 * loaded on intent instead of with the page: `warm()` on pointer-over and focus starts the load,
 * `ensure()` on click waits for it and returns it, then `loaded` holds it. Every page carried the
 * footer's menus and help drawer (Radix, the FAQ, the contact form), and a phone parsed and
 * hydrated them before it could answer a tap. `load` must be a stable (module-level) function.
 */
export function useDeferred<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const pending = useRef<Promise<T> | null>(null);
  const warm = useCallback(() => {
    if (!pending.current) {
      const p = load();
      pending.current = p;
      // A chunk that failed to load (offline) is asked for again on the next intent.
      p.catch(() => {
        if (pending.current === p) pending.current = null;
      });
    }
    return pending.current;
  }, [load]);
  const ensure = useCallback(async () => {
    const value = await warm();
    setLoaded({ value });
    return value;
  }, [warm]);
  return { loaded: loaded?.value ?? null, warm: () => void warm().catch(() => undefined), ensure };
}
