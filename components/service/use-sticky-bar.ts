'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the phone's sticky action bar shows: only while the form's own Send button is out of
 * view and something is ticked (with nothing ticked there is nothing to send from down the list).
 */
export function stickyBarVisible(state: { sendInView: boolean; selectedCount: number }): boolean {
  return !state.sendInView && state.selectedCount > 0;
}

/** Whether an element is in the viewport, by IntersectionObserver; true until first measured. */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setInView(entry.isIntersecting);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
