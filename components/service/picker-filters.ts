/**
 * Issue #36 item 2: the picker's filters and how they live in the page's address (`?lang=tr&niche=
 * gaming&followers=10k-100k&rel=90&q=ayse`), so a filtered view can be shared and survives a
 * reload. Pure functions: the list applies them once per change (memoized), never per card.
 */
import { isNiche } from '@/lib/domain/audience/niches';
import { searchProfiles } from './profile-sort';

/** Follower ranges of the filter (the §9 tiers' edges). */
export const FOLLOWER_RANGES = {
  'lt3k': [0, 3_000],
  '3k-10k': [3_000, 10_000],
  '10k-30k': [10_000, 30_000],
  '30k-100k': [30_000, 100_000],
  'gt100k': [100_000, Infinity],
} as const satisfies Record<string, readonly [number, number]>;
export type FollowerRange = keyof typeof FOLLOWER_RANGES;

/** Minimum reliability (the last 7 days' success share) a profile must have. */
export const RELIABILITY_CHOICES = ['70', '90'] as const;
export type ReliabilityChoice = (typeof RELIABILITY_CHOICES)[number];

export type PickerFilters = {
  q: string;
  lang: string;
  country: string;
  niche: string;
  followers: FollowerRange | '';
  rel: ReliabilityChoice | '';
};

export const EMPTY_FILTERS: PickerFilters = { q: '', lang: '', country: '', niche: '', followers: '', rel: '' };

/** The address's names of the filters. */
const PARAM: Record<keyof PickerFilters, string> = { q: 'q', lang: 'lang', country: 'country', niche: 'niche', followers: 'followers', rel: 'rel' };

export type FilterableProfile = {
  username: string;
  name: string;
  followersCount?: number;
  reliability?: number | null;
  languages?: readonly string[];
  country?: string | null;
  niches?: readonly string[];
};

/** The filters an address holds; anything malformed is left out (an old or hand-edited link still opens). */
export function filtersFromParams(params: { get(name: string): string | null } | null | undefined): PickerFilters {
  const get = (k: keyof PickerFilters) => (params?.get(PARAM[k]) ?? '').trim();
  const lang = get('lang').toLowerCase();
  const country = get('country').toUpperCase();
  const niche = get('niche');
  const followers = get('followers');
  const rel = get('rel');
  return {
    // The search as typed (its spaces too: it is written back on every key).
    q: (params?.get(PARAM.q) ?? '').slice(0, 100),
    lang: /^[a-z]{2}$/.test(lang) ? lang : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    niche: isNiche(niche) ? niche : '',
    followers: followers in FOLLOWER_RANGES ? (followers as FollowerRange) : '',
    rel: (RELIABILITY_CHOICES as readonly string[]).includes(rel) ? (rel as ReliabilityChoice) : '',
  };
}

/** The address's query with these filters set (empty ones removed), other parameters kept as they were. */
export function paramsWithFilters(current: string, filters: PickerFilters): string {
  const params = new URLSearchParams(current);
  for (const key of Object.keys(PARAM) as (keyof PickerFilters)[]) {
    const value = filters[key];
    if (value.trim()) params.set(PARAM[key], value);
    else params.delete(PARAM[key]);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function activeFilterCount(filters: PickerFilters): number {
  return (['lang', 'country', 'niche', 'followers', 'rel'] as const).filter((k) => filters[k]).length;
}

/** The profiles every filter lets through: search by handle or name, then each fact. */
export function filterProfiles<T extends FilterableProfile>(profiles: readonly T[], f: PickerFilters): T[] {
  const range = f.followers ? FOLLOWER_RANGES[f.followers] : null;
  const minRel = f.rel ? Number(f.rel) : null;
  const searched = searchProfiles(profiles, f.q);
  if (!f.lang && !f.country && !f.niche && !range && minRel === null) return searched;
  return searched.filter(
    (p) =>
      (!f.lang || (p.languages ?? []).includes(f.lang)) &&
      (!f.country || p.country === f.country) &&
      (!f.niche || (p.niches ?? []).includes(f.niche)) &&
      (!range || ((p.followersCount ?? 0) >= range[0] && (p.followersCount ?? 0) < range[1])) &&
      (minRel === null || (p.reliability !== null && p.reliability !== undefined && p.reliability >= minRel)),
  );
}

/** The languages and countries the roster has, most common first, for the filter's choices. */
export function factChoices(profiles: readonly FilterableProfile[]): { languages: string[]; countries: string[] } {
  const languages = new Map<string, number>();
  const countries = new Map<string, number>();
  for (const p of profiles) {
    for (const l of p.languages ?? []) languages.set(l, (languages.get(l) ?? 0) + 1);
    if (p.country) countries.set(p.country, (countries.get(p.country) ?? 0) + 1);
  }
  const order = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  return { languages: order(languages), countries: order(countries) };
}
