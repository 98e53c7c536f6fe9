import { describe, expect, it } from 'vitest';
import { audienceSize, matchAll, matchScore, MATCH_WEIGHTS, pickBest, sortByMatch } from './match-score';

const target = { language: 'tr', niche: 'gaming' };

describe('the match score (docs/roster.md "Match score")', () => {
  it('gives a full match of language, niche, a million followers and a perfect record 100, with its reasons', () => {
    const m = matchScore({ languages: ['tr', 'en'], niches: ['gaming'], followersCount: 1_000_000, reliability: 100 }, target);
    expect(m.score).toBe(100);
    expect(m.reasons.map((r) => r.key)).toEqual(['language', 'niche', 'bigAudience', 'reliable']);
    expect(m.reasons[0]).toEqual({ key: 'language', language: 'tr' });
  });

  it('weighs each part as documented: language 40, niche 30, size 15, reliability 15, kept rate 15', () => {
    expect(MATCH_WEIGHTS).toEqual({ language: 40, niche: 30, size: 15, reliability: 15, kept: 15 });
    // Only the language matches; 100 followers (size 0), no record (0.7).
    const m = matchScore({ languages: ['tr'], niches: ['food'], followersCount: 100, reliability: null }, target);
    expect(m.score).toBe(Math.round(40 + 0 + 0 + 15 * 0.7));
    expect(m.reasons.map((r) => r.key)).toEqual(['language', 'nicheOther', 'smallAudience']);
    // A second language counts 0.8, a second niche 0.8.
    const second = matchScore({ languages: ['en', 'tr'], niches: ['music', 'gaming'], followersCount: 100, reliability: 0 }, target);
    expect(second.score).toBe(Math.round(40 * 0.8 + 30 * 0.8));
  });

  it('weighs the kept rate (issue #38 item 3) when the profile has checked actions, and leaves it out when not', () => {
    const base = { languages: ['tr'], niches: ['gaming'], followersCount: 100, reliability: 100 };
    // Without a kept rate: (40 + 30 + 0 + 15) / 100.
    expect(matchScore(base, target).score).toBe(85);
    expect(matchScore({ ...base, kept: null }, target).score).toBe(85);
    // All kept: (85 + 15) / 115; half kept: (85 + 7.5) / 115.
    const all = matchScore({ ...base, kept: 1 }, target);
    expect(all.score).toBe(Math.round((100 * 100) / 115));
    expect(all.reasons.map((r) => r.key)).toContain('keeps');
    const half = matchScore({ ...base, kept: 0.5 }, target);
    expect(half.score).toBe(Math.round((100 * 92.5) / 115));
    expect(half.reasons.map((r) => r.key)).toContain('drops');
    // A profile whose actions stay ranks above one whose actions are undone, all else equal.
    expect(all.score).toBeGreaterThan(half.score);
  });

  it('counts unknown facts as 0.3, better than a known mismatch', () => {
    const unknown = matchScore({ languages: [], niches: [], followersCount: 100, reliability: 0 }, target);
    const wrong = matchScore({ languages: ['de'], niches: ['food'], followersCount: 100, reliability: 0 }, target);
    expect(unknown.score).toBe(Math.round(40 * 0.3 + 30 * 0.3));
    expect(wrong.score).toBe(0);
    expect(wrong.reasons).toContainEqual({ key: 'languageOther', language: 'de' });
  });

  it('leaves language and niche out when the provider could not tell them, weighing size and reliability alone', () => {
    const m = matchScore({ languages: ['de'], niches: ['food'], followersCount: 1_000_000, reliability: 100 }, { language: null, niche: null });
    expect(m.score).toBe(100);
    const half = matchScore({ followersCount: 10_000, reliability: 50 }, { language: null, niche: null });
    expect(half.score).toBe(Math.round((100 * (15 * 0.5 + 15 * 0.5)) / 30));
    expect(half.reasons.map((r) => r.key)).toEqual(['unreliable']);
  });

  it('scales the audience size on a log scale and clamps it', () => {
    expect(audienceSize(undefined)).toBe(0);
    expect(audienceSize(50)).toBe(0);
    expect(audienceSize(10_000)).toBe(0.5);
    expect(audienceSize(50_000_000)).toBe(1);
  });

  it('sorts best first with stable ties, and picks the best N within the cap', () => {
    const profiles = [
      { id: 1, languages: ['de'], niches: [], followersCount: 500, reliability: 50 },
      { id: 2, languages: ['tr'], niches: ['gaming'], followersCount: 20_000, reliability: 95 },
      { id: 3, languages: ['tr'], niches: [], followersCount: 20_000, reliability: 95 },
      { id: 4, languages: ['tr'], niches: [], followersCount: 20_000, reliability: 95 },
    ];
    const scores = matchAll(profiles, target);
    expect(sortByMatch(profiles, scores).map((p) => p.id)).toEqual([2, 3, 4, 1]);
    expect(pickBest(profiles, scores, 3, null)).toEqual([2, 3, 4]);
    expect(pickBest(profiles, scores, 3, 2)).toEqual([2, 3]);
    expect(pickBest(profiles, scores, 10, null)).toHaveLength(4);
    expect(pickBest(profiles, scores, 0, null)).toEqual([]);
  });
});
