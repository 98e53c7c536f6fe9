'use client';

import { useEffect, useState } from 'react';

/** §9 placeholder timing. */
export const TYPE_MS = 25;
export const DELETE_MS = 10;
export const PAUSE_MS = 500;
export const INSTAGRAM_ROTATE_MS = 3_000;

/**
 * The prompt field's rotating placeholder (§2, §9): each example is typed at 25 ms per character,
 * held, deleted at 10 ms per character, then the next one follows after a 500 ms pause. With
 * `rotateMs` (Instagram) the examples switch whole every 3 s instead. When the user prefers
 * reduced motion the first example stays still. The server renders the first example in full.
 */
export function useTypingPlaceholder(examples: readonly string[], options: { rotateMs?: number } = {}): string {
  const [text, setText] = useState(examples[0] ?? '');
  const { rotateMs } = options;
  const joined = examples.join('\u0000');

  useEffect(() => {
    const list = joined ? joined.split('\u0000') : [];
    if (list.length === 0) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let timer: ReturnType<typeof setTimeout>;
    let index = 0;

    if (rotateMs) {
      const rotate = () => {
        index = (index + 1) % list.length;
        setText(list[index]!);
        timer = setTimeout(rotate, rotateMs);
      };
      timer = setTimeout(rotate, rotateMs);
      return () => clearTimeout(timer);
    }

    let length = list[0]!.length;
    let phase: 'hold' | 'delete' | 'type' = 'hold';
    const step = () => {
      const current = list[index]!;
      if (phase === 'hold') {
        phase = 'delete';
        timer = setTimeout(step, DELETE_MS);
      } else if (phase === 'delete') {
        length -= 1;
        setText(current.slice(0, Math.max(length, 0)));
        if (length <= 0) {
          index = (index + 1) % list.length;
          phase = 'type';
          timer = setTimeout(step, PAUSE_MS);
        } else timer = setTimeout(step, DELETE_MS);
      } else {
        length += 1;
        setText(current.slice(0, length));
        if (length >= current.length) {
          phase = 'hold';
          timer = setTimeout(step, PAUSE_MS * 4);
        } else timer = setTimeout(step, TYPE_MS);
      }
    };
    timer = setTimeout(step, PAUSE_MS * 4);
    return () => clearTimeout(timer);
  }, [joined, rotateMs]);

  return text;
}
