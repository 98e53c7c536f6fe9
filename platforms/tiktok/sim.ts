import type { PlatformSim } from '../types';

function videoOf(url: string | undefined): { handle: string; id: string } | null {
  const m = url?.match(/tiktok\.com\/@([A-Za-z0-9_.]+)\/(?:video|photo)\/(\d+)/);
  return m ? { handle: m[1]!, id: m[2]! } : null;
}

/** The simulated provider's TikTok: the comment under the video and the acting profile's reposts and likes; shares and favourites leave no public trace. */
export const tiktokSim = {
  prefix: 'tt',
  handles: 'person',
  proofs: {
    tiktok_comment: (c) => {
      const video = videoOf(c.targetUrl);
      return { ...(video ? { proof_url: `https://www.tiktok.com/@${video.handle}/video/${video.id}?comment=${c.numericId('tt', 19)}` } : {}), text: c.comment() };
    },
    tiktok_repost: (c) => ({ proof_url: `https://www.tiktok.com/@${c.user}?tab=reposts` }),
    tiktok_like: (c) => ({ proof_url: `https://www.tiktok.com/@${c.user}?tab=liked` }),
  },
  countScale: { tiktok_like: 30_000, tiktok_comment: 700, tiktok_share: 1_500, tiktok_favorite: 2_000, tiktok_repost: 600 },
  postUrl: (account, n) => `https://www.tiktok.com/@${encodeURIComponent(account)}/video/${n.padStart(19, '7')}`,
  accountsSince: 2017,
} as const satisfies PlatformSim;
