import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, factChoices, filterProfiles, filtersFromParams, paramsWithFilters } from './picker-filters';

const profiles = [
  { id: 1, username: 'ayse.kaya', name: 'Ayşe Kaya', followersCount: 2_000, reliability: 95, languages: ['tr'], country: 'TR', niches: ['gaming'] },
  { id: 2, username: 'lukas_tech', name: 'Lukas Weber', followersCount: 50_000, reliability: 60, languages: ['de', 'en'], country: 'DE', niches: ['technology'] },
  { id: 3, username: 'emma', name: 'Emma Jones', followersCount: 200_000, reliability: null, languages: ['en'], country: 'US', niches: ['gaming', 'music'] },
];

describe('the picker filters (issue #36 item 2)', () => {
  it('filter by language, country, niche, follower range, reliability and search', () => {
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, lang: 'en' }).map((p) => p.id)).toEqual([2, 3]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, country: 'TR' }).map((p) => p.id)).toEqual([1]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, niche: 'gaming' }).map((p) => p.id)).toEqual([1, 3]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, followers: '30k-100k' }).map((p) => p.id)).toEqual([2]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, rel: '90' }).map((p) => p.id)).toEqual([1]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, q: 'WEBER' }).map((p) => p.id)).toEqual([2]);
    expect(filterProfiles(profiles, { ...EMPTY_FILTERS, niche: 'gaming', lang: 'en' }).map((p) => p.id)).toEqual([3]);
  });

  it('round-trip through the address, keeping other parameters and dropping malformed ones', () => {
    const query = paramsWithFilters('?repeat=12', { ...EMPTY_FILTERS, lang: 'tr', niche: 'gaming', followers: '10k-30k', rel: '90', q: 'ayse' });
    const params = new URLSearchParams(query);
    expect(params.get('repeat')).toBe('12');
    expect(filtersFromParams(params)).toEqual({ q: 'ayse', lang: 'tr', country: '', niche: 'gaming', followers: '10k-30k', rel: '90' });
    expect(filtersFromParams(new URLSearchParams('lang=turkish&niche=astrology&followers=huge&rel=50&country=tr'))).toEqual({ ...EMPTY_FILTERS, country: 'TR' });
    expect(paramsWithFilters('?lang=tr', EMPTY_FILTERS)).toBe('');
  });

  it('offer the languages and countries the roster has, most common first', () => {
    expect(factChoices(profiles)).toEqual({ languages: ['en', 'de', 'tr'], countries: ['DE', 'TR', 'US'] });
  });
});
