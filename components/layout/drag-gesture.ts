/**
 * §2 service strip: a press shorter than 200 ms that moved less than 10 px is a tap (the link
 * opens); anything else is a drag that scrolls the strip by 1.5 × the pointer's movement.
 */
export const TAP_MAX_MS = 200;
export const TAP_MAX_PX = 10;
export const DRAG_MULTIPLIER = 1.5;

export function isTap(durationMs: number, distancePx: number): boolean {
  return durationMs < TAP_MAX_MS && Math.abs(distancePx) < TAP_MAX_PX;
}

/** Where the strip scrolls to while dragging from `startScroll` by `dx` pixels. */
export function dragScrollLeft(startScroll: number, dx: number, maxScroll: number): number {
  return Math.min(Math.max(startScroll - dx * DRAG_MULTIPLIER, 0), Math.max(maxScroll, 0));
}
