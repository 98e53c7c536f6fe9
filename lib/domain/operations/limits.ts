// The send limits and link formats of §7, without zod: the service page reads them with the page,
// and loads the schemas (schemas.ts, which re-exports these) only when it checks a send.
import { platformDescriptor } from '@/platforms';

export const TWEET_MAX = 280;
export const PROMPT_MAX = 500;
// The catalogue's cap: the admin's pay-per-action cap (lib/domain/pricing) is checked against it too.
export { MAX_PROFILES_PER_SEND } from '@/lib/domain/catalogue/services';

/**
 * Whether a link is one of a platform's posts (or, with `account`, its account pages), by the
 * patterns of its descriptor (platforms/, issue #34).
 */
export function isLinkOf(platform: string, url: string, kind: 'post' | 'account' = 'post'): boolean {
  const patterns = platformDescriptor(platform)?.patterns[kind] ?? [];
  const trimmed = url.trim();
  return patterns.some((re) => re.test(trimmed));
}

/** Counts user-perceived characters roughly as the platform does (code points, not UTF-16 units). */
export const textLength = (text: string) => [...text].length;

/** The form's "spread over" choices, in minutes (0: off). */
export const SPREAD_CHOICES = [0, 15, 60, 360, 1440] as const;
