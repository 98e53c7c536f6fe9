import { describe, expect, it } from 'vitest';
import { nextShown, removeLeft, TOAST_CONFIG, toastDuration, toastKind } from './toast-config';

describe('the toast settings of §9', () => {
  it('shows toasts 5000 ms, at the bottom, at most 600 px wide, and lets them leave in 400 ms', () => {
    expect(TOAST_CONFIG).toMatchObject({ durationMs: 5000, exitMs: 400, position: 'bottom-center', maxWidthPx: 600 });
    expect(toastDuration('error', undefined)).toBe(5000);
    expect(toastDuration('info', 2000)).toBe(2000);
    expect(toastDuration('loading', 2000)).toBe(Infinity);
  });

  it('makes a toast without a type a success toast', () => {
    expect(TOAST_CONFIG.defaultKind).toBe('success');
    for (const type of [undefined, 'default', 'normal', 'action']) expect(toastKind(type)).toBe('success');
    for (const type of ['error', 'info', 'warning', 'success'] as const) expect(toastKind(type)).toBe(type);
  });

  it('keeps a dismissed toast on screen, leaving, until its exit animation ends', () => {
    const a = { id: 'a', title: 'A' };
    const b = { id: 'b', title: 'B' };
    let shown = nextShown([], [a]);
    expect(shown).toEqual([{ toast: a, leaving: false }]);
    shown = nextShown(shown, [b, a]);
    expect(shown.map((s) => [s.toast.id, s.leaving])).toEqual([['b', false], ['a', false]]);
    // `a` is dismissed: still there, leaving; an update of `b` under the same id replaces it in place.
    const b2 = { id: 'b', title: 'B again' };
    shown = nextShown(shown, [b2]);
    expect(shown).toEqual([{ toast: b2, leaving: false }, { toast: a, leaving: true }]);
    expect(nextShown(shown, [b2])).toEqual(shown);
    expect(removeLeft(shown, 'b')).toEqual(shown);
    expect(removeLeft(shown, 'a')).toEqual([{ toast: b2, leaving: false }]);
    // Shown again with the same id before it left: it stays, not leaving.
    expect(nextShown(shown, [a, b2]).map((s) => [s.toast.id, s.leaving])).toEqual([['a', false], ['b', false]]);
  });
});
