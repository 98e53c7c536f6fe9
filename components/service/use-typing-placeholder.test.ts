import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETE_MS, INSTAGRAM_ROTATE_MS, PAUSE_MS, TYPE_MS, startPlaceholder, typingFrames } from './use-typing-placeholder';

describe('the prompt placeholder typewriter (§9)', () => {
  it('deletes at 10 ms a character, types at 25 ms, and holds each full example for 500 ms', () => {
    const frames = typingFrames(['ab', 'xyz']);
    const take = (n: number) => Array.from({ length: n }, () => frames.next().value);
    expect(take(2)).toEqual([
      { text: 'a', waitMs: DELETE_MS },
      { text: '', waitMs: DELETE_MS },
    ]);
    expect(take(3)).toEqual([
      { text: 'x', waitMs: TYPE_MS },
      { text: 'xy', waitMs: TYPE_MS },
      { text: 'xyz', waitMs: PAUSE_MS },
    ]);
    expect(take(3).map((f) => f.text)).toEqual(['xy', 'x', '']);
    expect(take(2)).toEqual([
      { text: 'a', waitMs: TYPE_MS },
      { text: 'ab', waitMs: PAUSE_MS },
    ]);
    expect([TYPE_MS, DELETE_MS, PAUSE_MS]).toEqual([25, 10, 500]);
  });
});

describe('the running placeholder (fake time)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the first example 500 ms, then deletes and types the next, holding it 500 ms again', () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const stop = startPlaceholder(['ab', 'xy'], (text) => shown.push(text));
    vi.advanceTimersByTime(PAUSE_MS - 1);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['a']);
    vi.advanceTimersByTime(DELETE_MS * 2 + TYPE_MS);
    expect(shown).toEqual(['a', '', 'x', 'xy']);
    // 'xy' is held for the §9 pause (not 2 s): nothing before 500 ms, the next frame at 500 ms.
    vi.advanceTimersByTime(PAUSE_MS - 1);
    expect(shown.at(-1)).toBe('xy');
    vi.advanceTimersByTime(1);
    expect(shown.at(-1)).toBe('x');
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown.at(-1)).toBe('x');
  });

  it('switches whole examples every 3 s on Instagram', () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const stop = startPlaceholder(['one', 'two'], (text) => shown.push(text), { rotateMs: INSTAGRAM_ROTATE_MS });
    vi.advanceTimersByTime(INSTAGRAM_ROTATE_MS * 2);
    expect(shown).toEqual(['two', 'one']);
    stop();
  });
});
