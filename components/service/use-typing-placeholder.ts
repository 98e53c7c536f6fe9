'use client';

import { useEffect, useState } from 'react';

/** §9 placeholder timing. */
export const TYPE_MS = 25;
export const DELETE_MS = 10;
export const PAUSE_MS = 500;
export const INSTAGRAM_ROTATE_MS = 3_000;

/**
 * The typewriter's frames, forever: the text to show and how long to wait before the next frame.
 * The first example starts shown in full (the server renders it). Each example is held for the
 * §9 pause of 500 ms, deleted at 10 ms per character, and the next typed at 25 ms per character.
 */
export function* typingFrames(list: readonly string[]): Generator<{ text: string; waitMs: number }, never> {
  let index = 0;
  for (;;) {
    const current = list[index]!;
    for (let length = current.length - 1; length >= 0; length--) yield { text: current.slice(0, length), waitMs: DELETE_MS };
    index = (index + 1) % list.length;
    const next = list[index]!;
    for (let length = 1; length <= next.length; length++) yield { text: next.slice(0, length), waitMs: length === next.length ? PAUSE_MS : TYPE_MS };
  }
}

/**
 * Runs the placeholder from the first example (already shown): with `rotateMs` whole examples
 * switch on that beat (Instagram, §9 3 s), else the typewriter of typingFrames, its first step
 * after the 500 ms hold. Returns the function that stops it.
 */
export function startPlaceholder(list: readonly string[], onText: (text: string) => void, options: { rotateMs?: number } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (list.length === 0) return () => {};
  if (options.rotateMs) {
    const rotateMs = options.rotateMs;
    let index = 0;
    const rotate = () => {
      index = (index + 1) % list.length;
      onText(list[index]!);
      timer = setTimeout(rotate, rotateMs);
    };
    timer = setTimeout(rotate, rotateMs);
  } else {
    const frames = typingFrames(list);
    const step = () => {
      const frame = frames.next().value;
      onText(frame.text);
      timer = setTimeout(step, frame.waitMs);
    };
    timer = setTimeout(step, PAUSE_MS);
  }
  return () => clearTimeout(timer);
}

/**
 * The prompt field's rotating placeholder (§2, §9): each example is typed at 25 ms per character,
 * held for 500 ms, deleted at 10 ms per character, then the next one is typed. With
 * `rotateMs` (Instagram) the examples switch whole every 3 s instead. When the user prefers
 * reduced motion the first example stays still. The server renders the first example in full.
 */
export function useTypingPlaceholder(examples: readonly string[], options: { rotateMs?: number } = {}): string {
  const [text, setText] = useState(examples[0] ?? '');
  const { rotateMs } = options;
  const joined = examples.join('\u0000');

  useEffect(() => {
    const list = joined ? joined.split('\u0000') : [];
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    return startPlaceholder(list, setText, { rotateMs });
  }, [joined, rotateMs]);

  return text;
}
