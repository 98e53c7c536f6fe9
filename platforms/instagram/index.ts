import type { PlatformDescriptor } from '../types';

/** Instagram (spec §1–§3): the sends act on reels; the provider has no status call (§3). */
export const instagram = {
  key: 'instagram',
  linkField: 'reels_url',
  linkMessage: 'Validation.reels_url_invalid',
  patterns: {
    post: [/^https:\/\/(?:www\.)?instagram\.com\/(?:[A-Za-z0-9_.]{1,30}\/)?reels?\/[A-Za-z0-9_-]{5,40}\/?(?:[?#]\S*)?$/i],
  },
  exampleLink: 'https://www.instagram.com/reel/C8abcdEFgh1/',
  extraEndpoints: ['profile_list', 'comment_drafts', 'account_posts', 'target_info'],
  watchAccount: { handle: /^[A-Za-z0-9_.]{1,30}$/, url: /^https?:\/\/(?:www\.)?instagram\.com\/@?([A-Za-z0-9_.]{1,30})\/?(?:[?#]\S*)?$/i },
  showsFollowers: true,
  profileUrl: (handle) => `https://www.instagram.com/${encodeURIComponent(handle)}/`,
  profileFields: { followers: 'ig_followers', username: 'ig_username' },
  liveEvents: { finalWithoutResults: true, duplicateWindowMs: 10_000 },
  pageTips: true,
  promptRotateMs: 3_000,
  linkLabel: 'reelsUrl',
  color: '#e1306c',
  services: [
    { key: 'reels_comment', id: 6, path: 'reels-comment', input: 'prompt', targets: ['post'] },
    { key: 'reels_like', id: 7, path: 'reels-like', input: 'link', targets: ['post'] },
    { key: 'reels_share', id: 8, path: 'reels-share', input: 'link', targets: ['post'] },
    { key: 'reels_bookmark', id: 9, path: 'reels-bookmark', input: 'link', targets: ['post'] },
  ],
} as const satisfies PlatformDescriptor;
