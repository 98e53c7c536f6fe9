import type { PlatformSim } from './types';
import { twitter } from './twitter';
import { twitterSim } from './twitter/sim';
import { instagram } from './instagram';
import { instagramSim } from './instagram/sim';
import { youtube } from './youtube';
import { youtubeSim } from './youtube/sim';
import { tiktok } from './tiktok';
import { tiktokSim } from './tiktok/sim';

/**
 * Each platform's simulator data (issue #34), for the simulated provider only (lib/domain/provider/sim):
 * kept apart from the descriptors so the browser's bundle never carries it.
 */
export const PLATFORM_SIMS: Readonly<Record<string, PlatformSim>> = Object.fromEntries([
  [twitter.key, twitterSim],
  [instagram.key, instagramSim],
  [youtube.key, youtubeSim],
  [tiktok.key, tiktokSim],
]);
