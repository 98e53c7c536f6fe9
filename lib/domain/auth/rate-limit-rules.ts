import 'server-only';
import type { RateLimitRule } from '@/lib/infra/rate-limit';

/**
 * Rate limits of the auth endpoints (docs/decisions.md "Rate limits", docs/accounts.md). Login
 * limits count only failed attempts (a success gives its hit back); register and forgot-password
 * count every call. Account keys use the lower-cased e-mail, whether or not such an account exists.
 *
 * Logins (issue 14): failures count per (account, address) with a small ceiling and per account
 * with a much higher one, so an attacker on one address is stopped while the owner on another
 * still gets in; the per-address limit across accounts stops password spraying.
 *
 * Issue #33 item 9: an address that guessed too much waits an hour; the account as a whole is
 * locked for a quarter of an hour only (it is the owner who pays for that lock), and the owner
 * lifts it with the right password plus an e-mailed one-time link or a two-factor code
 * (login-lock.ts). The current password a settings change asks for has its own limit beside its
 * check (lib/domain/users/verify-current-password.ts).
 */
const MIN = 60;
export const AUTH_LIMITS = {
  loginIp: { limit: 20, windowSeconds: 60 * MIN },
  loginAccountIp: { limit: 10, windowSeconds: 60 * MIN },
  loginAccount: { limit: 100, windowSeconds: 15 * MIN },
  adminLoginIp: { limit: 10, windowSeconds: 60 * MIN },
  adminLoginAccountIp: { limit: 5, windowSeconds: 60 * MIN },
  adminLoginAccount: { limit: 50, windowSeconds: 15 * MIN },
  /** One-time sign-in links mailed to one account while it is locked (more are silently not sent). */
  unlockMail: { limit: 3, windowSeconds: 60 * MIN },
  /** Uses of sign-in links per address (a wrong link counts; a working one gives its hit back). */
  unlockIp: { limit: 30, windowSeconds: 15 * MIN },
  registerIp: { limit: 30, windowSeconds: 60 * MIN },
  registerAccount: { limit: 5, windowSeconds: 60 * MIN },
  forgotIp: { limit: 10, windowSeconds: 60 * MIN },
  forgotAccount: { limit: 3, windowSeconds: 60 * MIN },
  resetIp: { limit: 30, windowSeconds: 15 * MIN },
} as const;

/**
 * Growing delays per (account, address): from the `after`-th failure in the window on, the next
 * attempt must wait `baseSeconds · 2^(failures − after)` (login: 5 s after the 5th failure, then
 * 10, 20, 40, 80, 160 s). Answered as 429 with Retry-After, never by holding the request open.
 */
export const LOGIN_DELAYS = {
  login: { after: 5, baseSeconds: 5 },
  adminLogin: { after: 3, baseSeconds: 5 },
} as const;

type Name = keyof typeof AUTH_LIMITS;

export function authRule(name: Name, subject: string): RateLimitRule {
  return { key: `auth:${name}:${subject}`, ...AUTH_LIMITS[name] };
}
