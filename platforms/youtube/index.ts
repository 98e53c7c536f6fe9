import type { PlatformDescriptor } from '../types';

/** YouTube (spec §1–§3): videos (watch, youtu.be, shorts); a subscription also takes the channel. */
export const youtube = {
  key: 'youtube',
  linkField: 'youtube_url',
  linkMessage: 'Validation.youtube_url_invalid',
  patterns: {
    post: [
      /^https:\/\/(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:\S*&)?v=[A-Za-z0-9_-]{11}(?:[&#]\S*)?$/i,
      /^https:\/\/youtu\.be\/[A-Za-z0-9_-]{11}\/?(?:[?#]\S*)?$/i,
      /^https:\/\/(?:www\.|m\.)?youtube\.com\/shorts\/[A-Za-z0-9_-]{11}\/?(?:[?#]\S*)?$/i,
    ],
    account: [/^https:\/\/(?:www\.|m\.)?youtube\.com\/(?:@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22}|c\/[^/?#\s]{1,100}|user\/[^/?#\s]{1,100})\/?(?:[?#]\S*)?$/i],
  },
  exampleLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  extraEndpoints: ['profile_list', 'islem_durumu', 'comment_drafts', 'account_posts', 'target_info'],
  watchAccount: { handle: /^[A-Za-z0-9._-]{3,30}$/, url: /^https?:\/\/(?:www\.|m\.)?youtube\.com\/@([A-Za-z0-9._-]{3,30})\/?(?:[?#]\S*)?$/i },
  // A channel's count is its subscribers, not followers of the person acting: not shown (§2).
  showsFollowers: false,
  profileUrl: (handle) => `https://www.youtube.com/@${encodeURIComponent(handle)}`,
  profileFields: {},
  linkLabel: 'videoUrl',
  color: '#ff0000',
  services: [
    { key: 'youtube_like', id: 10, path: 'like', input: 'link', targets: ['post'] },
    { key: 'youtube_comment', id: 11, path: 'comment', input: 'prompt', targets: ['post'] },
    { key: 'youtube_subscribe', id: 12, path: 'subscribe', input: 'link', targets: ['account', 'post'], hiddenInUsage: true },
  ],
} as const satisfies PlatformDescriptor;
