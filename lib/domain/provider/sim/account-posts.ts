import { PLATFORM_SIMS } from '@/platforms/sim';
import type { ProviderAccountPost } from '../contract';
import { hashUnit } from './random';

/**
 * Contract 1.6 (issue #37): the simulated provider's `account_posts`. Every account publishes on
 * a schedule fixed by the seed and its handle (one post every SIM_POST_EVERY_MINUTES, at an offset
 * of its own), and `POST /sim-provider/_control {"publish": {"platform", "account"}}` publishes one
 * at once. The answer holds the newest posts first: those published through the control and the
 * last few of the schedule.
 */
export const SIM_POST_EVERY_MINUTES = 60;
const SCHEDULED_SHOWN = 3;
const MAX_PUBLISHED = 50;

type Global = typeof globalThis & { __etkSimPosts?: Map<string, ProviderAccountPost[]> };
const g = globalThis as Global;
const published = () => (g.__etkSimPosts ??= new Map());

const keyOf = (platform: string, account: string) => `${platform}|${account.toLowerCase()}`;

/** A number of 19 digits fixed by the text (a post's id). */
function postNumber(text: string): string {
  const a = Math.floor(hashUnit(`${text}|a`) * 1e9);
  const b = Math.floor(hashUnit(`${text}|b`) * 1e9);
  return `1${String(a).padStart(9, '0')}${String(b).padStart(9, '0')}`;
}

function post(platform: string, account: string, n: string, createdAt: Date, text: string): ProviderAccountPost {
  const url = PLATFORM_SIMS[platform]?.postUrl?.(account, n) ?? `https://example.com/${platform}/${encodeURIComponent(account)}/${n}`;
  return { id: n, url, created_at: createdAt.toISOString(), text };
}

export function simAccountPosts(seed: string, platform: string, account: string, now: Date = new Date()): ProviderAccountPost[] {
  const every = SIM_POST_EVERY_MINUTES * 60_000;
  const offset = Math.floor(hashUnit(`${seed}|posts|${keyOf(platform, account)}`) * every);
  const scheduled: ProviderAccountPost[] = [];
  let slot = Math.floor((now.getTime() - offset) / every);
  for (let i = 0; i < SCHEDULED_SHOWN; i++, slot--) {
    const at = new Date(slot * every + offset);
    scheduled.push(post(platform, account, postNumber(`${seed}|post|${keyOf(platform, account)}|${slot}`), at, `Post ${slot}`));
  }
  const mine = published().get(keyOf(platform, account)) ?? [];
  return [...mine, ...scheduled].sort((x, y) => Date.parse(y.created_at) - Date.parse(x.created_at));
}

/** Publishes one post of the account now (the control switch); answers it. */
export function simPublish(seed: string, platform: string, account: string, now: Date = new Date()): ProviderAccountPost {
  const key = keyOf(platform, account);
  const list = published().get(key) ?? [];
  const p = post(platform, account, postNumber(`${seed}|published|${key}|${list.length}|${now.getTime()}`), now, `Published ${list.length + 1}`);
  published().set(key, [p, ...list].slice(0, MAX_PUBLISHED));
  return p;
}

export function resetSimPosts(): void {
  published().clear();
}
