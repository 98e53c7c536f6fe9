import type { Platform } from '@/lib/catalogue/services';
import { hashUnit } from './random';

/**
 * What the simulated provider shows as proof of a successful action (contract 1.1): a link of the
 * shape the platform really uses for it, and for comments and new tweets the text posted. Ids are
 * fixed by (order, profile) like every other outcome of the simulator. Actions that leave no public
 * trace on the platform (bookmarks, shares, YouTube likes) get no link.
 */
const COMMENTS = [
  'Great point, thanks for sharing this!',
  'This is exactly what I was looking for.',
  'Really well put, saving this one.',
  'Harika bir paylaşım, emeğine sağlık!',
  'Çok faydalı, teşekkürler.',
  'Das sehe ich genauso, danke fürs Teilen!',
  'Love this, keep them coming.',
  'Interesting take, I had not thought of it this way.',
] as const;

/** A numeric id of `digits` digits fixed by the text (a tweet or comment id). */
function numericId(text: string, digits: number): string {
  let out = String(1 + Math.floor(hashUnit(`${text}|0`) * 9));
  for (let i = 1; out.length < digits; i++) out += Math.floor(hashUnit(`${text}|${i}`) * 1e6).toString().padStart(6, '0');
  return out.slice(0, digits);
}

function commentText(prompt: string | undefined, key: string): string {
  const base = COMMENTS[Math.floor(hashUnit(`${key}|comment`) * COMMENTS.length)]!;
  // The prompt steers the comment: the simulator echoes its first words so a test can see it arrived.
  const topic = prompt?.trim().split(/\s+/).slice(0, 6).join(' ');
  return topic ? `${base} (${topic})` : base;
}

function youtubeVideoId(url: string | undefined): string | null {
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

function reelCode(url: string | undefined): string | null {
  const match = url?.match(/\/(?:reel|reels|p)\/([A-Za-z0-9_-]+)/);
  return match?.[1] ?? null;
}

export function simProof(input: {
  platform: Platform;
  service: string;
  username: string;
  orderId: string;
  profileId: string;
  targetUrl?: string;
  text?: string;
  prompt?: string;
}): { proof_url?: string; text?: string } {
  const key = `${input.orderId}|${input.profileId}`;
  const user = encodeURIComponent(input.username);
  switch (input.service) {
    case 'retweet':
    case 'comment':
    case 'new_tweet': {
      const url = `https://x.com/${user}/status/${numericId(`${key}|status`, 19)}`;
      if (input.service === 'comment') return { proof_url: url, text: commentText(input.prompt, key) };
      if (input.service === 'new_tweet') return { proof_url: url, ...(input.text ? { text: input.text } : {}) };
      return { proof_url: url };
    }
    case 'like':
      return { proof_url: `https://x.com/${user}/likes` };
    case 'reels_comment': {
      const code = reelCode(input.targetUrl);
      return { ...(code ? { proof_url: `https://www.instagram.com/reel/${code}/c/${numericId(`${key}|ig`, 17)}/` } : {}), text: commentText(input.prompt, key) };
    }
    case 'reels_like': {
      const code = reelCode(input.targetUrl);
      return code ? { proof_url: `https://www.instagram.com/reel/${code}/liked_by/` } : {};
    }
    case 'youtube_comment': {
      const video = youtubeVideoId(input.targetUrl);
      const comment = `Ug${numericId(`${key}|yt`, 20)}`;
      return { ...(video ? { proof_url: `https://www.youtube.com/watch?v=${encodeURIComponent(video)}&lc=${comment}` } : {}), text: commentText(input.prompt, key) };
    }
    case 'youtube_subscribe':
      return { proof_url: `https://www.youtube.com/@${user}/channels` };
    default:
      return {};
  }
}
