'use client';

import { useMemo, useState } from 'react';
import { selectAllIds } from './order-lifecycle';

/** Ticks or unticks one profile; a tick beyond the package's profile cap is refused. */
export function toggleSelection(selected: readonly number[], id: number, cap: number | null): { next: number[]; limitReached: boolean } {
  if (selected.includes(id)) return { next: selected.filter((x) => x !== id), limitReached: false };
  if (cap !== null && selected.length >= cap) return { next: [...selected], limitReached: true };
  return { next: [...selected, id], limitReached: false };
}

/** The profiles an ALREADY_DONE answer (issue #17) names: they already acted on this target. */
export function alreadyDoneIds(body: Record<string, unknown>): number[] {
  if (body.code !== 'ALREADY_DONE' || !Array.isArray(body.profile_ids)) return [];
  return body.profile_ids.filter((id): id is number => Number.isInteger(id));
}

/** Whether the select-all toggle reads "clear": as many are ticked as may be. */
export function isAllSelected(selectedCount: number, total: number, cap: number | null): boolean {
  return selectedCount > 0 && selectedCount >= Math.min(cap ?? total, total);
}

/** The ticked profiles of the page, in ticking order, within the profile cap (§2, §3). */
export function useSelection(profileIds: readonly number[], cap: number | null, onLimit: (cap: number) => void) {
  const [selected, setSelected] = useState<number[]>([]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const allSelected = isAllSelected(selected.length, profileIds.length, cap);

  function toggle(id: number) {
    const { next, limitReached } = toggleSelection(selected, id, cap);
    if (limitReached && cap !== null) onLimit(cap);
    else setSelected(next);
  }

  function toggleAll() {
    setSelected(allSelected ? [] : selectAllIds([...profileIds], cap));
  }

  /** Unticks these profiles (e.g. the ones an ALREADY_DONE answer names), keeping the others. */
  function remove(ids: readonly number[]) {
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  }

  /** Ticks these again (a visitor's draft, send-draft.ts): the page's own profiles only, within the cap. */
  function restore(ids: readonly number[]) {
    const known = new Set(profileIds);
    const kept = [...new Set(ids)].filter((id) => known.has(id));
    setSelected(cap === null ? kept : kept.slice(0, cap));
  }

  return { selected, selectedSet, allSelected, toggle, toggleAll, remove, restore, clear: () => setSelected([]) };
}
