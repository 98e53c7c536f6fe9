import type { Platform } from '@/lib/domain/catalogue/services';
import { hashUnit } from './random';
import { PLATFORM_SIMS } from '@/platforms/sim';

/**
 * What the simulated provider shows as proof of a successful action (contract 1.1): a link of the
 * shape the platform really uses for it, and for comments and new tweets the text posted. Ids are
 * fixed by (order, profile) like every other outcome of the simulator. Each platform's shapes are
 * its simulator data (platforms/<key>/sim.ts); an action that leaves no public trace gets no link.
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

export function simProof(input: {
  platform: Platform;
  service: string;
  username: string;
  orderId: string;
  profileId: string;
  targetUrl?: string;
  text?: string;
  prompt?: string;
  /** Contract 1.4: the approved text of this profile, posted (and shown) verbatim. */
  approved?: string;
}): { proof_url?: string; text?: string } {
  const key = `${input.orderId}|${input.profileId}`;
  const proof = PLATFORM_SIMS[input.platform]?.proofs[input.service];
  if (!proof) return {};
  return proof({
    user: encodeURIComponent(input.username),
    numericId: (salt, digits) => numericId(`${key}|${salt}`, digits),
    comment: () => input.approved ?? commentText(input.prompt, key),
    targetUrl: input.targetUrl,
    text: input.text,
  });
}
