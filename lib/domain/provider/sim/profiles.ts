import { env } from '@/env';
import type { Platform } from '@/lib/domain/catalogue/services';
import { formatFollowers } from '@/lib/domain/pricing';
import type { ProviderProfile } from '../contract';
import { hashUnit, seededRandom } from './random';
import { NICHES, type Niche } from '../../audience/niches';
import { PLATFORM_SIMS } from '@/platforms/sim';

/**
 * The simulated provider's managed profiles: 60 per platform, the same on every start, with
 * realistic handles and follower counts spread over every §9 price tier (12 per tier).
 */
const FIRST = [
  'ayse', 'mehmet', 'zeynep', 'emre', 'elif', 'burak', 'selin', 'can', 'deniz', 'ece', 'kaan', 'merve',
  'onur', 'irem', 'baris', 'gizem', 'tolga', 'derya', 'cem', 'buse', 'anna', 'lukas', 'mia', 'jonas',
  'emma', 'noah', 'lea', 'finn', 'sarah', 'david', 'laura', 'tom', 'julia', 'max', 'nina', 'paul',
];
const WORDS = [
  'travel', 'foodie', 'tech', 'daily', 'style', 'fit', 'photo', 'music', 'gamer', 'design', 'coffee', 'books',
  'istanbul', 'izmir', 'berlin', 'ankara', 'news', 'life', 'art', 'moda', 'spor', 'kitap', 'yazilim', 'gezgin',
];
const LAST = ['yilmaz', 'kaya', 'demir', 'sahin', 'celik', 'aydin', 'ozturk', 'arslan', 'dogan', 'koc', 'muller', 'schmidt', 'weber', 'fischer', 'smith', 'jones'];

/** Follower ranges of the five §9 tiers (inclusive). */
const TIER_RANGES: [number, number][] = [
  [150, 3_000],
  [3_001, 10_000],
  [10_001, 30_000],
  [30_001, 100_000],
  [100_001, 2_500_000],
];

/** 60, unless SIM_PROVIDER_PROFILES asks for more (the picker's benchmark: 500). */
export const SIM_PROFILES_PER_PLATFORM = env.SIM_PROVIDER_PROFILES;

/** The Turkish first names of FIRST (the rest are German and English ones). */
const TURKISH_FIRST = new Set(FIRST.slice(0, 20));
const GERMAN_FIRST = new Set(['lukas', 'jonas', 'finn', 'lea', 'max', 'paul', 'julia', 'nina', 'mia']);
/** What a handle's word says of its niche (the simulated audiences follow their names). */
const WORD_NICHE: Record<string, Niche> = {
  travel: 'travel', gezgin: 'travel', foodie: 'food', coffee: 'food', tech: 'technology', yazilim: 'technology',
  style: 'fashion', moda: 'fashion', fit: 'fitness', photo: 'art', art: 'art', design: 'art', music: 'music',
  gamer: 'gaming', books: 'education', kitap: 'education', news: 'news', spor: 'sports', life: 'family',
};
const COUNTRIES: Record<string, readonly string[]> = { tr: ['TR', 'TR', 'TR', 'TR', 'DE', 'CY'], de: ['DE', 'DE', 'DE', 'AT', 'CH'], en: ['US', 'US', 'GB', 'GB', 'CA', 'IE', 'AU'] };

/**
 * Contract 1.3: a simulated profile's audience facts, fixed by the platform and the profile's id
 * (hashed apart from the list's generator, so the handles and counts stay what they were) and
 * plausible for its handle: a Turkish name reads mostly Turkish from Turkey, a handle's word names
 * one of its niches, bigger accounts are verified more often, no account predates its platform.
 */
function simFacts(
  platform: Platform,
  id: string,
  first: string,
  words: string,
  followers: number,
  since: number,
): Pick<ProviderProfile, 'languages' | 'country' | 'niches' | 'account_created' | 'verified'> {
  const u = (what: string) => hashUnit(`facts|${platform}|${id}|${what}`);
  const primary = TURKISH_FIRST.has(first) ? (u('lang') < 0.85 ? 'tr' : 'en') : GERMAN_FIRST.has(first) ? (u('lang') < 0.7 ? 'de' : 'en') : u('lang') < 0.6 ? 'en' : 'de';
  const languages = [primary];
  if (u('lang2') < 0.45) {
    const second = primary === 'en' ? (['de', 'tr', 'es', 'fr', 'ar'] as const)[Math.floor(u('lang2v') * 5)]! : 'en';
    languages.push(second);
  }
  const countries = COUNTRIES[primary]!;
  const country = u('country') < 0.05 ? undefined : countries[Math.floor(u('countryv') * countries.length)];
  const niches: Niche[] = [];
  const named = Object.entries(WORD_NICHE).find(([w]) => words.includes(w));
  if (named) niches.push(named[1]);
  const extra = 1 + Math.floor(u('niches') * 2);
  for (let k = 0; niches.length < extra + (named ? 1 : 0) && k < 6; k++) {
    const n = NICHES[Math.floor(u(`niche${k}`) * NICHES.length)]!;
    if (!niches.includes(n)) niches.push(n);
  }
  const thisYear = 2025;
  const year = since + Math.floor(u('year') * (thisYear - since + 1));
  const month = 1 + Math.floor(u('month') * 12);
  const day = 1 + Math.floor(u('day') * 28);
  const verifiedChance = followers > 100_000 ? 0.45 : followers > 30_000 ? 0.15 : 0.03;
  return {
    languages,
    ...(country ? { country } : {}),
    niches,
    account_created: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    verified: u('verified') < verifiedChance,
  };
}

const cache = new Map<Platform, ProviderProfile[]>();

export function simProfiles(platform: Platform): ProviderProfile[] {
  const cached = cache.get(platform);
  if (cached) return cached;
  const sim = PLATFORM_SIMS[platform]!;
  const rnd = seededRandom(`profiles:${platform}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const used = new Set<string>();
  const list: ProviderProfile[] = [];
  for (let i = 0; i < SIM_PROFILES_PER_PLATFORM; i++) {
    const [min, max] = TIER_RANGES[i % TIER_RANGES.length]!;
    // Log-uniform inside the tier, so small and large accounts both appear.
    const followers = Math.round(Math.exp(Math.log(min) + rnd() * (Math.log(max) - Math.log(min))));
    const first = pick(FIRST);
    const last = pick(LAST);
    let username = '';
    do {
      const style = Math.floor(rnd() * 4);
      username =
        style === 0 ? `${first}.${last}` : style === 1 ? `${first}_${pick(WORDS)}` : style === 2 ? `${pick(WORDS)}${first}${Math.floor(rnd() * 90) + 10}` : `${first}${last}${Math.floor(rnd() * 9) + 1}`;
      if (sim.handles === 'channel') username = `${pick(WORDS)}with${first}`;
    } while (used.has(username));
    used.add(username);
    const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
    const id = `${sim.prefix}_${1001 + i}`;
    const name = sim.handles === 'channel' ? `${cap(first)} ${cap(pick(WORDS))}` : `${cap(first)} ${cap(last)}`;
    list.push({
      id,
      username,
      name,
      followers,
      followers_text: formatFollowers(followers),
      // Two profiles per platform are resting, as real pools always have a few.
      status: i === 17 || i === 43 ? 'inactive' : 'active',
      ...simFacts(platform, id, first, `${username} ${name.toLowerCase()}`, followers, sim.accountsSince),
    });
  }
  cache.set(platform, list);
  return list;
}
