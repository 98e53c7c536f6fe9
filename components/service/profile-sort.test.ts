import { describe, expect, it } from 'vitest';
import { availableSorts, reliabilityBand, searchProfiles, sortProfiles } from './profile-sort';

describe('the profile picker order', () => {
  const list = [
    { id: 1, reliability: 60 },
    { id: 2, reliability: null },
    { id: 3, reliability: 98 },
    { id: 4, reliability: 40 },
    { id: 5, reliability: 98 },
  ];

  it('keeps the served order by default and puts the most reliable first on request, a new profile as an even chance', () => {
    expect(sortProfiles(list, 'default')).toBe(list);
    expect(sortProfiles(list, 'reliability').map((p) => p.id)).toEqual([3, 5, 1, 2, 4]);
    expect(list.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('bands the indicator', () => {
    expect([98, 90, 75, 10, null].map(reliabilityBand)).toEqual(['high', 'high', 'medium', 'low', 'new']);
  });
});

describe('the profile picker search and follower order', () => {
  const list = [
    { id: 1, username: '@ayse_yilmaz', name: 'Ayşe Yılmaz', followersCount: 1_200 },
    { id: 2, username: 'istanbul_news', name: 'İstanbul Haber', followersCount: 48_000 },
    { id: 3, username: 'mueller', name: 'Jörg Müller', followersCount: 48_000 },
    { id: 4, username: 'tech', name: 'Tech Daily', reliability: 95 },
  ];

  it('finds a profile by handle (with or without @) or by name, ignoring case and accents', () => {
    expect(searchProfiles(list, '@AYSE').map((p) => p.id)).toEqual([1]);
    expect(searchProfiles(list, 'yılmaz').map((p) => p.id)).toEqual([1]);
    expect(searchProfiles(list, 'ISTANBUL').map((p) => p.id)).toEqual([2]);
    expect(searchProfiles(list, 'muller').map((p) => p.id)).toEqual([3]);
    expect(searchProfiles(list, '  ').map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(searchProfiles(list, 'nobody')).toEqual([]);
  });

  it('sorts by followers, most first, ties by id, unknown counts last', () => {
    expect(sortProfiles(list, 'followers').map((p) => p.id)).toEqual([2, 3, 1, 4]);
  });

  it('offers the follower sort where counts are shown and the reliability sort once a profile has a record', () => {
    expect(availableSorts(list, true)).toEqual(['default', 'followers', 'reliability']);
    expect(availableSorts(list.slice(0, 3), false)).toEqual(['default']);
  });
});
