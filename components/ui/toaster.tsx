'use client';

import { Toaster as Sonner } from 'sonner';

/** Toasts (§9): bottom, 5 s by default, at most 600 px wide; errors red, success green. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-center"
      duration={5000}
      richColors
      closeButton
      toastOptions={{ style: { maxWidth: '600px', width: '100%' } }}
    />
  );
}
