import 'server-only';
import type { Db } from '@/db/client';
import { clearRateLimit, rateLimited, refundRateLimit, startWait, takeRateLimits, waitSeconds } from '@/lib/rate-limit';
import { authRule, LOGIN_DELAYS } from './rate-limit-rules';

export type LoginScope = 'login' | 'adminLogin';

/** One password check of a login, admitted by the limits; report how it ended exactly once. */
export type LoginAttempt = {
  /** A wrong password (or unknown e-mail): the hits stay, and a delay may start for this address. */
  failed: () => Promise<void>;
  /** The right password: gives the hits back and forgets this address's failures and delay. */
  succeeded: () => Promise<void>;
};

/**
 * Admits one login attempt or throws 429 RATE_LIMITED (Retry-After, remainingSeconds) when
 *  - this (account, address) must still wait after its recent failures (LOGIN_DELAYS),
 *  - this address has too many failed logins across accounts (`…Ip`),
 *  - this (account, address) has too many failures (`…AccountIp`, the small ceiling), or
 *  - the account has too many failures from everywhere (`…Account`, the much higher ceiling).
 * A refused attempt counts nowhere, so an attacker stopped on one address does not use up the
 * account-wide ceiling that would lock the owner out. The counters live in PostgreSQL
 * (rate_limit_buckets), shared by every node. The account key is the lower-cased e-mail whether
 * or not such an account exists, so the answers do not tell which e-mails have accounts.
 */
export async function beginLoginAttempt(db: Db, scope: LoginScope, input: { email: string; ip: string }): Promise<LoginAttempt> {
  const pair = `${input.email} ${input.ip}`;
  const waitKey = `auth:${scope}Wait:${pair}`;
  const wait = await waitSeconds(db, waitKey);
  if (wait > 0) throw rateLimited(wait);

  const ipRule = authRule(`${scope}Ip`, input.ip);
  const pairRule = authRule(`${scope}AccountIp`, pair);
  const accountRule = authRule(`${scope}Account`, input.email);
  const [, pairHit] = await takeRateLimits(db, [ipRule, pairRule, accountRule]);
  const failures = pairHit!.count;

  return {
    failed: async () => {
      const delay = LOGIN_DELAYS[scope];
      if (failures >= delay.after) await startWait(db, waitKey, delay.baseSeconds * 2 ** (failures - delay.after));
    },
    succeeded: async () => {
      await refundRateLimit(db, ipRule.key);
      await refundRateLimit(db, accountRule.key);
      await clearRateLimit(db, pairRule.key);
      await clearRateLimit(db, waitKey);
    },
  };
}
