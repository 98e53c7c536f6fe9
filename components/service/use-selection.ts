'use client';

import { useState } from 'react';
import { selectAllIds } from './order-lifecycle';

/** Ticks or unticks one profile; a tick beyond the package's profile cap is refused. */
export function toggleSelection(selected: readonly number[], id: number, cap: number | null): { next: number[]; limitReached: boolean } {
  if (selected.includes(id)) return { next: selected.filter((x) => x !== id), limitReached: false };
  if (cap !== null && selected.length >= cap) return { next: [...selected], limitReached: true };
  return { next: [...selected, id], limitReached: false };
}

/** Whether the select-all toggle reads "clear": as many are ticked as may be. */
export function isAllSelected(selectedCount: number, total: number, cap: number | null): boolean {
  return selectedCount > 0 && selectedCount >= Math.min(cap ?? total, total);
}

/** The ticked profiles of the page, in ticking order, within the profile cap (§2, §3). */
export function useSelection(profileIds: readonly number[], cap: number | null, onLimit: (cap: number) => void) {
  const [selected, setSelected] = useState<number[]>([]);
  const allSelected = isAllSelected(selected.length, profileIds.length, cap);

  function toggle(id: number) {
    const { next, limitReached } = toggleSelection(selected, id, cap);
    if (limitReached && cap !== null) onLimit(cap);
    else setSelected(next);
  }

  function toggleAll() {
    setSelected(allSelected ? [] : selectAllIds([...profileIds], cap));
  }

  return { selected, selectedSet: new Set(selected), allSelected, toggle, toggleAll, clear: () => setSelected([]) };
}
