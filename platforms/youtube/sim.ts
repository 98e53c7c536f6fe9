import type { PlatformSim } from '../types';

function videoId(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.hostname === 'youtu.be') return u.pathname.slice(1) || null;
    if (u.pathname.startsWith('/shorts/')) return u.pathname.split('/')[2] ?? null;
    return u.searchParams.get('v');
  } catch {
    return null;
  }
}

/** The simulated provider's YouTube: channel handles, the comment's `&lc=` link, the subscriber's channel list; likes leave no trace. */
export const youtubeSim = {
  prefix: 'yt',
  handles: 'channel',
  proofs: {
    youtube_comment: (c) => {
      const video = videoId(c.targetUrl);
      return { ...(video ? { proof_url: `https://www.youtube.com/watch?v=${encodeURIComponent(video)}&lc=Ug${c.numericId('yt', 20)}` } : {}), text: c.comment() };
    },
    youtube_subscribe: (c) => ({ proof_url: `https://www.youtube.com/@${c.user}/channels` }),
  },
  countScale: { youtube_like: 8000, youtube_comment: 500, youtube_subscribe: 150_000 },
  postUrl: (_account, n) => `https://www.youtube.com/watch?v=v${n.slice(0, 10)}`,
  accountsSince: 2006,
} as const satisfies PlatformSim;
