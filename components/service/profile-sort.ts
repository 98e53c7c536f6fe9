/** The customer's profile picker: its order and its reliability indicator (issue #17). */
type Sortable = { id: number; reliability?: number | null };

export type Sort = 'default' | 'reliability';

/** The picker's order: as served (shuffled), or the most reliable first (no record counts as an even chance). */
export function sortProfiles<T extends Sortable>(profiles: T[], sort: Sort): T[] {
  if (sort === 'default') return profiles;
  const score = (p: Sortable) => p.reliability ?? 50;
  return [...profiles].sort((a: T, b: T) => score(b) - score(a) || a.id - b.id);
}

/** Reliability band of the indicator. */
export function reliabilityBand(rate: number | null | undefined): 'high' | 'medium' | 'low' | 'new' {
  if (rate === null || rate === undefined) return 'new';
  return rate >= 90 ? 'high' : rate >= 70 ? 'medium' : 'low';
}

