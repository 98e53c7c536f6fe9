import { describe, expect, it } from 'vitest';
import { SERVICE_IDS, SERVICES, serviceOfWire, subscriptionIdOf, subscriptionOfWire, WATCHABLE_SERVICES, type Service } from './services';

// Issue #33: reseller tools store, sort and subtract these numbers. A pair here may never change:
// a new service is appended with the next number, and this list grows with it.
const PINNED: Record<Service, number> = {
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
  tiktok_like: 13,
  tiktok_comment: 14,
  tiktok_share: 15,
  tiktok_favorite: 16,
  tiktok_repost: 17,
};

describe('service ids', () => {
  it('keeps every existing service on its number', () => {
    for (const [service, id] of Object.entries(PINNED)) expect(SERVICE_IDS[service as Service], service).toBe(id);
  });

  it('gives every service one distinct positive number, new services after the pinned ones', () => {
    const all = Object.values(SERVICES).flat() as Service[];
    expect(Object.keys(SERVICE_IDS).sort()).toEqual([...all].sort());
    const ids = Object.values(SERVICE_IDS);
    expect(new Set(ids).size).toBe(ids.length);
    const pinnedMax = Math.max(...Object.values(PINNED));
    for (const s of all.filter((x) => !(x in PINNED))) expect(SERVICE_IDS[s], s).toBeGreaterThan(pinnedMax);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
  });

  it('reads a service from its number, its number as text, or its key', () => {
    expect(serviceOfWire(2)).toBe('like');
    expect(serviceOfWire('2')).toBe('like');
    expect(serviceOfWire(' 12 ')).toBe('youtube_subscribe');
    expect(serviceOfWire('like')).toBe('like');
    for (const bad of [0, 99, '2.5', '-1', 'Like', '', null, undefined, {}]) expect(serviceOfWire(bad), String(bad)).toBeUndefined();
  });
});

// Issue #37 item 4: the subscription services' numbers, stored by reseller tools like the services'.
const PINNED_SUBSCRIPTIONS: Partial<Record<Service, number>> = {
  retweet: 1001,
  like: 1002,
  bookmark: 1003,
  comment: 1004,
  reels_comment: 1006,
  reels_like: 1007,
  reels_share: 1008,
  reels_bookmark: 1009,
  youtube_like: 1010,
  youtube_comment: 1011,
  youtube_subscribe: 1012,
  tiktok_like: 1013,
  tiktok_comment: 1014,
  tiktok_share: 1015,
  tiktok_favorite: 1016,
  tiktok_repost: 1017,
};

describe('subscription service ids', () => {
  it('keeps each watchable service’s subscription on its number, none equal to a service’s number', () => {
    expect([...WATCHABLE_SERVICES].sort()).toEqual(Object.keys(PINNED_SUBSCRIPTIONS).sort());
    for (const [service, id] of Object.entries(PINNED_SUBSCRIPTIONS)) expect(subscriptionIdOf(service as Service), service).toBe(id);
    const serviceIds = new Set(Object.values(SERVICE_IDS));
    for (const s of WATCHABLE_SERVICES) expect(serviceIds.has(subscriptionIdOf(s)), s).toBe(false);
  });

  it('reads a subscription from its number, and nothing else', () => {
    expect(subscriptionOfWire(1002)).toBe('like');
    expect(subscriptionOfWire(' 1007 ')).toBe('reels_like');
    for (const bad of [2, 1005, 1018, 'like', '', null, '1002.0']) expect(subscriptionOfWire(bad), String(bad)).toBeUndefined();
  });
});
