import 'server-only';
import type { RateLimitRule } from '@/lib/rate-limit';

/**
 * Rate limits of the auth endpoints (docs/decisions.md "Rate limits"). Login limits count only
 * failed attempts (a success gives its hit back); register and forgot-password count every call.
 * Account keys use the lower-cased e-mail, whether or not such an account exists.
 */
const MIN = 60;
export const AUTH_LIMITS = {
  loginIp: { limit: 20, windowSeconds: 15 * MIN },
  loginAccount: { limit: 10, windowSeconds: 15 * MIN },
  adminLoginIp: { limit: 10, windowSeconds: 15 * MIN },
  adminLoginAccount: { limit: 5, windowSeconds: 15 * MIN },
  registerIp: { limit: 30, windowSeconds: 60 * MIN },
  registerAccount: { limit: 5, windowSeconds: 60 * MIN },
  forgotIp: { limit: 10, windowSeconds: 60 * MIN },
  forgotAccount: { limit: 3, windowSeconds: 60 * MIN },
  resetIp: { limit: 30, windowSeconds: 15 * MIN },
} as const;

type Name = keyof typeof AUTH_LIMITS;

export function authRule(name: Name, subject: string): RateLimitRule {
  return { key: `auth:${name}:${subject}`, ...AUTH_LIMITS[name] };
}
