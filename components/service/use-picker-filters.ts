'use client';

import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { activeFilterCount, filtersFromParams, paramsWithFilters, type PickerFilters } from './picker-filters';

const noSubscription = () => () => {};
const ADDRESS_DELAY_MS = 250;
let addressTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Issue #36 item 2: the picker's filters, read from the address and written back to it on every
 * change (history.replaceState: no navigation, no new history entry, no server round trip), so a
 * filtered view can be shared and a reload keeps it.
 *
 * The address is read as an external store whose server value is "no query": a visitor's page may
 * come from the page cache, rendered for the address without its query (server/page-cache.ts), so
 * hydration matches that HTML and React then renders once more with the address's filters.
 */
export function usePickerFilters() {
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  );
  const fromUrl = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const [edited, setEdited] = useState<PickerFilters | null>(null);
  const filters = edited ?? fromUrl;
  const update = useCallback(
    (patch: Partial<PickerFilters>) => {
      const next = { ...(edited ?? fromUrl), ...patch };
      setEdited(next);
      // The address follows a moment later, off the interaction: replaceState copies the router's
      // whole history state (a structured clone, ~4 ms on a phone), and typing in the search would
      // pay it per key.
      clearTimeout(addressTimer);
      addressTimer = setTimeout(() => {
        try {
          const query = paramsWithFilters(window.location.search, next);
          window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
        } catch {
          // Safari refuses more than 100 replaceState calls in 30 s: the address catches up on the next change.
        }
      }, ADDRESS_DELAY_MS);
    },
    [edited, fromUrl],
  );
  return { filters, update, fromAddress: fromUrl.q.trim() !== '' || activeFilterCount(fromUrl) > 0 };
}
