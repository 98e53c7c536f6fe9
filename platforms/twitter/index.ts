import type { PlatformDescriptor } from '../types';

/** Twitter / X (spec §1–§3): posts are statuses; new tweets are paid per profile by its followers (§9). */
export const twitter = {
  key: 'twitter',
  linkField: 'tweet_url',
  linkMessage: 'Validation.tweet_url_invalid',
  patterns: {
    post: [/^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/(?:[A-Za-z0-9_]{1,15}|i\/web|i)\/status\/\d{1,25}\/?(?:[?#]\S*)?$/i],
  },
  exampleLink: 'https://x.com/someone/status/1790000000000000001',
  extraEndpoints: ['profile_list', 'islem_durumu', 'comment_drafts', 'account_posts', 'target_info'],
  watchAccount: { handle: /^[A-Za-z0-9_]{1,15}$/, url: /^https?:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/@?([A-Za-z0-9_]{1,15})\/?(?:[?#]\S*)?$/i },
  showsFollowers: true,
  minProfilesSetting: true,
  profileUrl: (handle) => `https://x.com/${encodeURIComponent(handle)}`,
  profileFields: { followers: 'x_followers' },
  linkLabel: 'tweetUrl',
  color: '#1d9bf0',
  services: [
    { key: 'retweet', id: 1, path: 'retweet', input: 'link', targets: ['post'] },
    { key: 'like', id: 2, path: 'like', input: 'link', targets: ['post'] },
    { key: 'bookmark', id: 3, path: 'bookmark', input: 'link', targets: ['post'] },
    { key: 'comment', id: 4, path: 'comment', input: 'prompt', targets: ['post'] },
    { key: 'new_tweet', id: 5, path: 'new-tweet', input: 'text', targets: ['post'], paidByFollowers: true, aliases: ['new-tweet'] },
  ],
} as const satisfies PlatformDescriptor;
