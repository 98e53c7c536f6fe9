import { describe, expect, it } from 'vitest';
import { reliabilityBand, sortProfiles } from './profile-sort';

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
