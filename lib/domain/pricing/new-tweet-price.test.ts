import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatFollowers, newTweetPriceCents, parseFollowersText, profilePriceCents } from './index';

describe('the §9 new-tweet price', () => {
  it('charges each profile by its follower tier, boundaries inclusive', () => {
    expect([0, 3_000, 3_001, 10_000, 10_001, 30_000, 30_001, 100_000, 100_001, 5_000_000].map(profilePriceCents)).toEqual([
      200, 200, 300, 300, 500, 500, 800, 800, 1500, 1500,
    ]);
  });

  it('sums the profile prices', () => {
    expect(newTweetPriceCents([1_000, 5_000, 20_000, 50_000, 200_000])).toBe(200 + 300 + 500 + 800 + 1500);
    expect(newTweetPriceCents([])).toBe(0);
  });

  it('never charges less than $2 or more than $15 per profile', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (counts) => {
        const total = newTweetPriceCents(counts);
        expect(total).toBeGreaterThanOrEqual(200 * counts.length);
        expect(total).toBeLessThanOrEqual(1500 * counts.length);
      }),
    );
  });

  it('reads and writes follower texts', () => {
    expect(['3K', '1.2M', '12,500', '950', '12.5k', 'x'].map(parseFollowersText)).toEqual([3000, 1_200_000, 12500, 950, 12500, 0]);
    expect([950, 3000, 12_500, 1_234_567].map(formatFollowers)).toEqual(['950', '3K', '12.5K', '1.2M']);
  });
});
