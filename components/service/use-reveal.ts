'use client';

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** How many cards a frame brings back when a filter is cleared: about two phone screens. */
export const REVEAL_CHUNK = 40;

/**
 * Issue #36 (the picker on a phone, ≤ 100 ms): how many of the list's shown profiles (`shown`, in
 * the list's order) are on the page now. A filter change that brings back at most REVEAL_CHUNK
 * cards shows them all at once. One that brings back hundreds (clearing a filter) shows the top of
 * the list at once — everything up to the REVEAL_CHUNK-th card that was hidden, so the screen holds
 * the right cards in the right order — and the rest REVEAL_CHUNK more per frame, below the fold,
 * instead of laying out 400 cards before the first frame. Cards past the count stay hidden; what is
 * counted, selected or picked always reads the whole filtered list, never the page.
 */
export function useRevealCount(shown: readonly number[]): number {
  const [step, setStep] = useState<{ shown: readonly number[]; count: number }>(() => ({ shown, count: shown.length }));
  let count = step.count;
  if (step.shown !== shown) {
    // What the page shows now: only cards coming back from hidden cost layout.
    count = firstRevealCount(new Set(step.shown.slice(0, step.count)), shown);
    // Adjusting state while rendering (React's pattern for a prop change): no extra frame.
    setStep({ shown, count });
  }
  useEffect(() => {
    if (count >= shown.length) return;
    // After this frame is painted, the next chunk.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setStep((s) => (s.shown === shown ? { shown, count: s.count + REVEAL_CHUNK } : s)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, count]);
  return Math.min(count, shown.length);
}

/**
 * How many of `shown` (in the list's order) the first frame after a change shows: all of them when
 * at most `chunk` were not on the page before, else the ones before the (chunk + 1)-th of those.
 */
export function firstRevealCount(onPage: ReadonlySet<number>, shown: readonly number[], chunk = REVEAL_CHUNK): number {
  let back = 0;
  for (let i = 0; i < shown.length; i++) {
    if (!onPage.has(shown[i]!) && ++back > chunk) return i;
  }
  return shown.length;
}

/**
 * Marks the list's cards that are not on the page (`data-off`, styled `display: none`) before the
 * browser paints. A filter change then re-renders no card: React's part of a change on a phone
 * with 500 profiles was 14–40 ms of re-rendering ~400 cards whose only change was hidden or shown.
 * Only cards whose state changes are touched. It runs after every commit of the list (cards are
 * added after load and re-ordered by a sort; a pass over 500 cards without a change is ~0.1 ms).
 */
export function useOffPage(list: RefObject<HTMLElement | null>, onPage: ReadonlySet<number>): void {
  useLayoutEffect(() => {
    for (const li of list.current?.children ?? []) {
      const id = (li as HTMLElement).dataset.profileId;
      if (id === undefined) continue;
      const off = !onPage.has(Number(id));
      if (li.hasAttribute('data-off') !== off) li.toggleAttribute('data-off', off);
    }
  });
}
