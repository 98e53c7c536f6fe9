import type { CrewView } from '@/lib/domain/crews/responses';

/** Issue #36 items 3 and 5: the service page's crew pick and "several links", as plain functions. */

export type CrewPick = { id: number; ids: number[] };

/** The crew's profiles that cannot act now (or are not on the page): named and skipped, never replaced. */
export function skippedOf(crew: Pick<CrewView, 'profiles'>, pageIds: ReadonlySet<number>) {
  return crew.profiles.filter((p) => p.state !== 'active' || !pageIds.has(p.id));
}

/** Whether two selections hold the same profiles (a crew's pick stays the crew's until a tick changes it). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/** At most this many links (the API's BULK_MAX_TARGETS). */
export const BULK_MAX = 100;

/** The textarea's lines as the API takes them: one per line, trailing blank lines dropped (an empty line inside stays, and is refused by its number). */
export function linesOf(text: string): string[] {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed === '' ? [] : trimmed.split(/\r?\n/);
}
