/**
 * The product's platforms, services and fulfilment endpoint keys (spec §1, §2, §3 Platform).
 * Plain data shared by the server and the browser.
 */
export const PLATFORMS = ['twitter', 'instagram', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const SERVICES = {
  twitter: ['retweet', 'like', 'bookmark', 'comment', 'new_tweet'],
  instagram: ['reels_comment', 'reels_like', 'reels_share', 'reels_bookmark'],
  youtube: ['youtube_like', 'youtube_comment', 'youtube_subscribe'],
} as const satisfies Record<Platform, readonly string[]>;

export type Service = (typeof SERVICES)[Platform][number];

/**
 * Services that have a page under /service/{service}: every service. §2 lists youtube_subscribe
 * among the tabs and endpoint keys without a page of its own; the send exists, so it gets one.
 */
export const PAGE_SERVICES = {
  twitter: ['retweet', 'like', 'bookmark', 'comment', 'new_tweet'],
  instagram: ['reels_comment', 'reels_like', 'reels_share', 'reels_bookmark'],
  youtube: ['youtube_like', 'youtube_comment', 'youtube_subscribe'],
} as const satisfies Record<Platform, readonly Service[]>;

/** Endpoint keys an admin sets per platform (§3 Platform). */
export const ENDPOINT_KEYS = {
  twitter: ['profile_list', 'retweet', 'like', 'bookmark', 'comment', 'new_tweet', 'islem_durumu'],
  instagram: ['profile_list', 'reels_comment', 'reels_like', 'reels_bookmark', 'reels_share'],
  youtube: ['profile_list', 'youtube_like', 'youtube_comment', 'youtube_subscribe', 'islem_durumu'],
} as const satisfies Record<Platform, readonly string[]>;

/** Services whose send takes a free-text prompt. */
export const PROMPT_SERVICES: readonly Service[] = ['comment', 'reels_comment', 'youtube_comment'];

/** Other spellings accepted in URLs (§2: new-tweet is also accepted). */
const SERVICE_ALIASES: Record<string, Service> = { 'new-tweet': 'new_tweet' };

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

export function normalizeService(value: string): Service | undefined {
  const v = SERVICE_ALIASES[value] ?? value;
  return platformOfService(v as Service) ? (v as Service) : undefined;
}

export function platformOfService(service: string): Platform | undefined {
  return PLATFORMS.find((p) => (SERVICES[p] as readonly string[]).includes(service));
}

export function hasServicePage(service: Service): boolean {
  const platform = platformOfService(service);
  return !!platform && (PAGE_SERVICES[platform] as readonly string[]).includes(service);
}

/** The service a platform tab opens (§2: its first service). */
export function firstService(platform: Platform): Service {
  return PAGE_SERVICES[platform][0];
}
