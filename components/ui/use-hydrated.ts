'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page in the browser.
 * A form's submit button waits for it: before hydration a submit would be the browser's own GET
 * of the form, with the typed e-mail and password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
