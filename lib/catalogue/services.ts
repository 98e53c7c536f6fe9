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
 * Issue #33: each service's stable integer id, the reseller protocol's `service` (`"service": 1`
 * beside `"key": "like"`). Tools store these numbers and sort and subtract them: an id is never
 * changed or reused, and a new service takes the next free number (services.test.ts pins every pair).
 */
export const SERVICE_IDS = {
  retweet: 1,
  like: 2,
  bookmark: 3,
  comment: 4,
  new_tweet: 5,
  reels_comment: 6,
  reels_like: 7,
  reels_share: 8,
  reels_bookmark: 9,
  youtube_like: 10,
  youtube_comment: 11,
  youtube_subscribe: 12,
} as const satisfies Record<Service, number>;

/** The service of a protocol id (1, or "1" as form text) or key ("like"), or undefined. */
export function serviceOfWire(value: unknown): Service | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^[0-9]{1,6}$/.test(text)) {
    const n = Number(text);
    return (Object.keys(SERVICE_IDS) as Service[]).find((s) => SERVICE_IDS[s] === n);
  }
  return platformOfService(text) ? (text as Service) : undefined;
}

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
