import 'server-only';
import type { RateLimitRule } from '@/lib/infra/rate-limit';

/**
 * Limits of two-factor codes (docs/accounts.md "Two-factor sign-in"). A code is one of a million
 * (three accepted at a time), so guesses are limited per account and per address, counting only
 * failures (a right code gives its hit back), and a login challenge is used up after a few wrong
 * codes. Enabling and disabling in the settings take the current password too and have their own
 * per-account limit.
 */
const MIN = 60;
export const TWO_FACTOR_LIMITS = {
  codeIp: { limit: 30, windowSeconds: 15 * MIN },
  codeAccount: { limit: 10, windowSeconds: 15 * MIN },
  settingsAccount: { limit: 10, windowSeconds: 15 * MIN },
} as const;

/** Wrong codes one login challenge takes before it is used up (the user logs in again). */
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** How long the second step of a login may take. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export function twoFactorRule(name: keyof typeof TWO_FACTOR_LIMITS, subject: string | number): RateLimitRule {
  return { key: `2fa:${name}:${subject}`, ...TWO_FACTOR_LIMITS[name] };
}
