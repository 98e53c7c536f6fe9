'use client';

import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { dragScrollLeft, isTap, TAP_MAX_PX } from './drag-gesture';

type Gesture = { id: number; x: number; t: number; scroll: number; moved: number; dragging: boolean };

/**
 * The horizontally scrollable service strip (§2): mouse and touch drag it (drag multiplier 1.5; a
 * tap under 200 ms and 10 px still opens the link), the wheel and trackpad scroll it natively, and
 * the arrow, Home and End keys move the focus between its links, which scroll into view.
 */
export function ServiceStrip({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const suppressClick = useRef(false);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0 || !ref.current) return;
    gesture.current = { id: e.pointerId, x: e.clientX, t: performance.now(), scroll: ref.current.scrollLeft, moved: 0, dragging: false };
    suppressClick.current = false;
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    const el = ref.current;
    if (!g || !el || g.id !== e.pointerId) return;
    const dx = e.clientX - g.x;
    g.moved = Math.max(g.moved, Math.abs(dx));
    if (!g.dragging && g.moved >= TAP_MAX_PX) {
      g.dragging = true;
      el.setPointerCapture(e.pointerId);
    }
    if (g.dragging) el.scrollLeft = dragScrollLeft(g.scroll, dx, el.scrollWidth - el.clientWidth);
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    gesture.current = null;
    suppressClick.current = !isTap(performance.now() - g.t, g.moved) && g.dragging;
    if (ref.current?.hasPointerCapture(e.pointerId)) ref.current.releasePointerCapture(e.pointerId);
  }

  function onClickCapture(e: React.MouseEvent) {
    // A drag that ends over a link must not open it.
    if (suppressClick.current) {
      e.preventDefault();
      e.stopPropagation();
      suppressClick.current = false;
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const links = Array.from(ref.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const target =
      e.key === 'ArrowRight' ? links[Math.min(index + 1, links.length - 1)]
      : e.key === 'ArrowLeft' ? links[Math.max(index - 1, 0)]
      : e.key === 'Home' ? links[0]
      : e.key === 'End' ? links[links.length - 1]
      : undefined;
    if (!target) return;
    e.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }

  return (
    <nav aria-label={label}>
      <p id="service-strip-hint" className="sr-only">
        {hint}
      </p>
      <div
        ref={ref}
        data-service-strip
        aria-describedby="service-strip-hint"
        className="flex cursor-grab touch-pan-y select-none overflow-x-auto overscroll-x-contain [scrollbar-width:thin] active:cursor-grabbing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClickCapture={onClickCapture}
        onKeyDown={onKeyDown}
        onDragStart={(e) => e.preventDefault()}
      >
        {children}
      </div>
    </nav>
  );
}
