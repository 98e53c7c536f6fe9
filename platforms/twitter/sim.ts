import type { PlatformSim } from '../types';

/** The simulated provider's Twitter: status links for retweets, replies and new tweets, the liker's likes page. */
export const twitterSim = {
  prefix: 'tw',
  handles: 'person',
  proofs: {
    retweet: (c) => ({ proof_url: `https://x.com/${c.user}/status/${c.numericId('status', 19)}` }),
    comment: (c) => ({ proof_url: `https://x.com/${c.user}/status/${c.numericId('status', 19)}`, text: c.comment() }),
    new_tweet: (c) => ({ proof_url: `https://x.com/${c.user}/status/${c.numericId('status', 19)}`, ...(c.text ? { text: c.text } : {}) }),
    like: (c) => ({ proof_url: `https://x.com/${c.user}/likes` }),
  },
  countScale: { retweet: 800, like: 5000, bookmark: 300, comment: 400 },
  postUrl: (account, n) => `https://x.com/${encodeURIComponent(account)}/status/${n}`,
  accountsSince: 2008,
} as const satisfies PlatformSim;
