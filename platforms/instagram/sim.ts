import type { PlatformSim } from '../types';

function reelCode(url: string | undefined): string | null {
  return url?.match(/\/(?:reel|reels|p)\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

/** The simulated provider's Instagram: the comment under the reel and the reel's liked-by list; shares and saves leave no trace. */
export const instagramSim = {
  prefix: 'ig',
  handles: 'person',
  proofs: {
    reels_comment: (c) => {
      const code = reelCode(c.targetUrl);
      return { ...(code ? { proof_url: `https://www.instagram.com/reel/${code}/c/${c.numericId('ig', 17)}/` } : {}), text: c.comment() };
    },
    reels_like: (c) => {
      const code = reelCode(c.targetUrl);
      return code ? { proof_url: `https://www.instagram.com/reel/${code}/liked_by/` } : {};
    },
  },
  countScale: { reels_comment: 600, reels_like: 20_000, reels_share: 900, reels_bookmark: 700 },
  postUrl: (_account, n) => `https://www.instagram.com/reel/C${n.slice(0, 10)}/`,
  accountsSince: 2011,
} as const satisfies PlatformSim;
