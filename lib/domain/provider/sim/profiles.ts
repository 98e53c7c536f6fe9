import type { Platform } from '@/lib/domain/catalogue/services';
import { formatFollowers } from '@/lib/domain/pricing';
import type { ProviderProfile } from '../contract';
import { seededRandom } from './random';
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

export const SIM_PROFILES_PER_PLATFORM = 60;

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
    list.push({
      id: `${sim.prefix}_${1001 + i}`,
      username,
      name: sim.handles === 'channel' ? `${cap(first)} ${cap(pick(WORDS))}` : `${cap(first)} ${cap(last)}`,
      followers,
      followers_text: formatFollowers(followers),
      // Two profiles per platform are resting, as real pools always have a few.
      status: i === 17 || i === 43 ? 'inactive' : 'active',
    });
  }
  cache.set(platform, list);
  return list;
}
