/**
 * Issue #36: the one taxonomy of audience niches. A profile's `niches`, a target's niche (provider
 * contract 1.3 `target_info`) and the picker's filter all use these keys; the names are in
 * messages (`Niches.<key>`), so a new niche is a key here and a name in tr, en and de.
 */
export const NICHES = [
  'news',
  'politics',
  'business',
  'finance',
  'crypto',
  'technology',
  'gaming',
  'sports',
  'music',
  'film_tv',
  'fashion',
  'beauty',
  'fitness',
  'food',
  'travel',
  'family',
  'education',
  'humor',
  'art',
  'automotive',
] as const;

export type Niche = (typeof NICHES)[number];

const NICHE_SET: ReadonlySet<string> = new Set(NICHES);

export function isNiche(value: string): value is Niche {
  return NICHE_SET.has(value);
}
