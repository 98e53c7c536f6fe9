'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

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

/**
 * The open state of a menu loaded by `useDeferred` on a press: it opens in the frame after it
 * mounts, so the menu is placed against a trigger that is already on the page.
 */
export function useOpenOnMount(openOnMount: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!openOnMount) return;
    const id = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(id);
  }, [openOnMount]);
  return [open, setOpen] as const;
}
