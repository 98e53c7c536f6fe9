import { describe, expect, it } from 'vitest';
import { DELETE_MS, PAUSE_MS, TYPE_MS, typingFrames } from './use-typing-placeholder';

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
