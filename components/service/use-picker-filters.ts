'use client';

import { useCallback, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { filtersFromParams, paramsWithFilters, type PickerFilters } from './picker-filters';

/**
 * Issue #36 item 2: the picker's filters, read from the address once and written back to it on
 * every change (history.replaceState: no navigation, no new history entry, no server round trip),
 * so a filtered view can be shared and a reload keeps it.
 */
export function usePickerFilters() {
  const params = useSearchParams();
  const [filters, setFilters] = useState<PickerFilters>(() => filtersFromParams(params));
  const update = useCallback((patch: Partial<PickerFilters>) => {
    setFilters((current) => {
      const next = { ...current, ...patch };
      const query = paramsWithFilters(window.location.search, next);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
      return next;
    });
  }, []);
  return { filters, update };
}
