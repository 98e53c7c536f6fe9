import type { PlatformDescriptor } from '../types';

/**
 * TikTok (issue #34, the fourth platform): the sends act on videos (`/@handle/video/<id>` links,
 * and the short vm./vt.tiktok.com links the app's "Copy link" gives); the provider has a status call.
 */
export const tiktok = {
  key: 'tiktok',
  linkField: 'tiktok_url',
  linkMessage: 'Validation.tiktok_url_invalid',
  patterns: {
    post: [
      /^https:\/\/(?:www\.|m\.)?tiktok\.com\/@[A-Za-z0-9_.]{2,24}\/(?:video|photo)\/\d{15,25}\/?(?:[?#]\S*)?$/i,
      /^https:\/\/(?:vm|vt)\.tiktok\.com\/[A-Za-z0-9]{5,20}\/?(?:[?#]\S*)?$/i,
    ],
  },
  exampleLink: 'https://www.tiktok.com/@someone/video/7300000000000000001',
  extraEndpoints: ['profile_list', 'islem_durumu', 'comment_drafts', 'account_posts', 'target_info'],
  watchAccount: { handle: /^[A-Za-z0-9_.]{2,24}$/, url: /^https?:\/\/(?:www\.|m\.)?tiktok\.com\/@([A-Za-z0-9_.]{2,24})\/?(?:[?#]\S*)?$/i },
  showsFollowers: true,
  profileUrl: (handle) => `https://www.tiktok.com/@${encodeURIComponent(handle)}`,
  profileFields: { followers: 'tt_followers' },
  pageTips: true,
  promptRotateMs: 3_000,
  linkLabel: 'tiktokUrl',
  color: '#25f4ee',
  services: [
    { key: 'tiktok_like', id: 13, path: 'like', input: 'link', targets: ['post'] },
    { key: 'tiktok_comment', id: 14, path: 'comment', input: 'prompt', targets: ['post'] },
    { key: 'tiktok_share', id: 15, path: 'share', input: 'link', targets: ['post'] },
    { key: 'tiktok_favorite', id: 16, path: 'favorite', input: 'link', targets: ['post'] },
    { key: 'tiktok_repost', id: 17, path: 'repost', input: 'link', targets: ['post'] },
  ],
} as const satisfies PlatformDescriptor;
