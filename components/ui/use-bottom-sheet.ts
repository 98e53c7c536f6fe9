'use client';

import { useCallback, useRef, useState } from 'react';

// The state of a bottom sheet, apart from the sheet (Radix Dialog) so a button can hold it while
// the sheet itself loads on intent (components/layout/help-drawer.tsx).

/** §9: the sheet slides in about 10 ms after opening and out in 300 ms. */
const OPEN_DELAY_MS = 10;
const CLOSE_MS = 300;

type Phase = 'closed' | 'opening' | 'open' | 'closing';

/** Open/close state of a bottom sheet, with the enter and exit phases the animation needs. */
export function useBottomSheet() {
  const [phase, setPhase] = useState<Phase>('closed');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const open = useCallback(() => {
    clearTimeout(timer.current);
    setPhase('opening');
    timer.current = setTimeout(() => setPhase('open'), OPEN_DELAY_MS);
  }, []);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setPhase('closing');
    timer.current = setTimeout(() => setPhase('closed'), CLOSE_MS);
  }, []);
  return { mounted: phase !== 'closed', shown: phase === 'open', open, close };
}

