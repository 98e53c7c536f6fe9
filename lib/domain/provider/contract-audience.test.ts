import { describe, expect, it } from 'vitest';
import { profileListSchema, targetInfoSchema } from './contract';

const base = { id: 'p1', username: 'ayse', followers: 1200 };

describe('provider contract 1.3: audience facts and target_info', () => {
  it('reads languages, country, niches, account date and verified from the profile list', () => {
    const { profiles } = profileListSchema.parse({
      profiles: [{ ...base, languages: ['TR', 'en', 'en'], country: 'tr', niches: ['gaming', 'news'], account_created: '2015-03-04T10:00:00Z', verified: true }],
    });
    expect(profiles[0]).toMatchObject({ languages: ['tr', 'en'], country: 'TR', niches: ['gaming', 'news'], account_created: '2015-03-04', verified: true });
  });

  it('drops unknown niches and malformed facts instead of refusing the list', () => {
    const { profiles } = profileListSchema.parse({
      profiles: [{ ...base, languages: ['turkish', 7, 'de'], country: 'Turkey', niches: ['gaming', 'astrology', 3], account_created: 'yesterday', verified: 'yes' }],
    });
    expect(profiles[0]).toMatchObject({ languages: ['de'], niches: ['gaming'] });
    expect(profiles[0]!.country).toBeUndefined();
    expect(profiles[0]!.account_created).toBeUndefined();
    expect(profiles[0]!.verified).toBeUndefined();
    const future = profileListSchema.parse({ profiles: [{ ...base, account_created: '2999-01-01' }] });
    expect(future.profiles[0]!.account_created).toBeUndefined();
  });

  it('accepts a 1.2 provider that sends none of the facts', () => {
    const { profiles } = profileListSchema.parse({ profiles: [base] });
    expect(profiles[0]).toMatchObject({ id: 'p1', username: 'ayse', status: 'active' });
    expect(profiles[0]!.languages).toBeUndefined();
    expect(profiles[0]!.niches).toBeUndefined();
  });

  it('reads target_info, an unknown niche or malformed language being not known', () => {
    expect(targetInfoSchema.parse({ language: 'TR', niche: 'gaming' })).toEqual({ language: 'tr', niche: 'gaming' });
    expect(targetInfoSchema.parse({ language: 'turkish', niche: 'astrology' })).toEqual({ language: null, niche: null });
    expect(targetInfoSchema.parse({})).toEqual({ language: null, niche: null });
  });
});
