'use client';

import type { Platform, Service } from '@/lib/catalogue/services';
import { callApi, type ApiResult } from '@/lib/client/api';

/** The send endpoint of each service page (§7 "Service use"). */
export const SEND_PATHS: Record<string, string> = {
  retweet: '/api/twitter/retweet',
  like: '/api/twitter/like',
  bookmark: '/api/twitter/bookmark',
  comment: '/api/twitter/comment',
  new_tweet: '/api/twitter/new-tweet',
  reels_comment: '/api/instagram/reels-comment',
  reels_like: '/api/instagram/reels-like',
  reels_share: '/api/instagram/reels-share',
  reels_bookmark: '/api/instagram/reels-bookmark',
  youtube_like: '/api/youtube/like',
  youtube_comment: '/api/youtube/comment',
  youtube_subscribe: '/api/youtube/subscribe',
};

/** The name of the target field in the send body. */
export const URL_FIELD: Record<Platform, 'tweet_url' | 'reels_url' | 'youtube_url'> = {
  twitter: 'tweet_url',
  instagram: 'reels_url',
  youtube: 'youtube_url',
};

export type { ApiBody, ApiResult } from '@/lib/client/api';

/** Calls our own API from the service page through the one API client (lib/client/api.ts); never throws. */
export function api(path: string, locale: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult> {
  return callApi(path, { locale, ...init });
}

export function sendPath(service: Service): string | undefined {
  return SEND_PATHS[service];
}

/** The public profile page of a username on its platform. */
export function profileUrl(platform: Platform, username: string): string {
  const name = encodeURIComponent(username.replace(/^@/, ''));
  if (platform === 'instagram') return `https://www.instagram.com/${name}/`;
  if (platform === 'youtube') return `https://www.youtube.com/@${name}`;
  return `https://x.com/${name}`;
}
