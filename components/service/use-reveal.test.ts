import { describe, expect, it } from 'vitest';
import { firstRevealCount, REVEAL_CHUNK } from './use-reveal';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('bringing cards back after a filter change (issue #36, the picker on a phone)', () => {
  it('shows everything at once when a change narrows the list or brings back few cards', () => {
    const onPage = new Set(range(0, 100));
    expect(firstRevealCount(onPage, range(0, 50))).toBe(50);
    expect(firstRevealCount(onPage, range(0, 100 + REVEAL_CHUNK))).toBe(100 + REVEAL_CHUNK);
    expect(firstRevealCount(new Set(), [])).toBe(0);
  });

  it('shows the top of the list up to the chunk-th card coming back when hundreds come back', () => {
    // 20 cards on the page; clearing the filter brings 480 back, interleaved in the list's order.
    const onPage = new Set(range(0, 500).filter((id) => id % 25 === 0));
    const shown = range(0, 500);
    const first = firstRevealCount(onPage, shown);
    const back = shown.slice(0, first).filter((id) => !onPage.has(id)).length;
    expect(back).toBe(REVEAL_CHUNK);
    // Every card above the cut is shown: the screen holds the right cards in the right order.
    expect(first).toBe(REVEAL_CHUNK + Math.ceil(first / 25));
    expect(firstRevealCount(onPage, shown, 10)).toBe(11);
  });
});
