/**
 * §9 toasts: 5000 ms by default, type success by default, at the bottom, at most 600 px wide,
 * leaving in a 400 ms exit animation. Kinds success, error, info, warning (errors red, success green).
 */
export const TOAST_CONFIG = {
  durationMs: 5000,
  exitMs: 400,
  defaultKind: 'success',
  position: 'bottom-center',
  maxWidthPx: 600,
} as const;

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** A toast made with plain `toast('…')` (sonner's 'default'/'normal') is a success toast (§9). */
export function toastKind(type: string | undefined): ToastKind {
  return type === 'error' || type === 'info' || type === 'warning' || type === 'loading' || type === 'success' ? type : TOAST_CONFIG.defaultKind;
}

/** How long a toast stays: its own duration, else the default; a loading toast until it is updated. */
export function toastDuration(kind: ToastKind, duration: number | undefined): number {
  if (kind === 'loading') return Infinity;
  return typeof duration === 'number' && duration > 0 ? duration : TOAST_CONFIG.durationMs;
}

export type Shown<T extends { id: string | number }> = { toast: T; leaving: boolean };

/**
 * The toasts on screen after the active list changed: new ones come in (newest first, as the list
 * gives them), changed ones are updated in place, and one no longer active stays, marked leaving,
 * for its exit animation (`removeLeft` takes it away after TOAST_CONFIG.exitMs).
 */
export function nextShown<T extends { id: string | number }>(shown: Shown<T>[], active: T[]): Shown<T>[] {
  const activeIds = new Set(active.map((t) => t.id));
  const kept = shown.filter((s) => !activeIds.has(s.toast.id)).map((s) => (s.leaving ? s : { ...s, leaving: true }));
  const current = active.map((t) => ({ toast: t, leaving: false }));
  // Leaving ones keep their place after the active ones (they are on their way out).
  return [...current, ...kept];
}

export function removeLeft<T extends { id: string | number }>(shown: Shown<T>[], id: string | number): Shown<T>[] {
  return shown.filter((s) => !(s.leaving && s.toast.id === id));
}
