/** The customer's profile picker: its order, its search and its reliability indicator (issues #15, #17). */
type Sortable = { id: number; followersCount?: number; reliability?: number | null };
type Searchable = { username: string; name: string };

export type Sort = 'default' | 'followers' | 'reliability';

/**
 * The picker's order: as served (shuffled), the most followers first, or the most reliable first
 * (no record counts as an even chance). Ties keep the id order so the list does not jump.
 */
export function sortProfiles<T extends Sortable>(profiles: readonly T[], sort: Sort): T[] {
  if (sort === 'default') return profiles as T[];
  const score = sort === 'followers' ? (p: Sortable) => p.followersCount ?? 0 : (p: Sortable) => p.reliability ?? 50;
  return [...profiles].sort((a: T, b: T) => score(b) - score(a) || a.id - b.id);
}

/** Folds case and Turkish/German letters so "İstanbul", "istanbul" and "ISTANBUL" all match. */
const fold = (s: string) =>
  s
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i');

/** The profiles whose handle or name contains the query (a leading @ is ignored); all for an empty query. */
export function searchProfiles<T extends Searchable>(profiles: readonly T[], query: string): T[] {
  const q = fold(query.trim().replace(/^@/, ''));
  if (!q) return [...profiles];
  return profiles.filter((p) => fold(p.username.replace(/^@/, '')).includes(q) || fold(p.name).includes(q));
}

/** The sorts worth offering: followers only where counts are shown (not YouTube), reliability once any profile has a record. */
export function availableSorts(profiles: readonly Sortable[], showsFollowers: boolean): Sort[] {
  const sorts: Sort[] = ['default'];
  if (showsFollowers) sorts.push('followers');
  if (profiles.some((p) => p.reliability !== null && p.reliability !== undefined)) sorts.push('reliability');
  return sorts;
}

/** Reliability band of the indicator. */
export function reliabilityBand(rate: number | null | undefined): 'high' | 'medium' | 'low' | 'new' {
  if (rate === null || rate === undefined) return 'new';
  return rate >= 90 ? 'high' : rate >= 70 ? 'medium' : 'low';
}
