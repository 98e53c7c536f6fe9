import 'server-only';
import type { Db } from '@/db/client';
import { clearRateLimit, hitRateLimit, rateLimited, refundRateLimit, startWait, takeRateLimits, waitSeconds } from '@/lib/infra/rate-limit';
import { authRule, LOGIN_DELAYS } from './rate-limit-rules';

export type LoginScope = 'login' | 'adminLogin';

/** One password check of a login, admitted by the limits; report how it ended exactly once. */
export type LoginAttempt = {
  /**
   * Seconds left of the account-wide lock (too many failures from all addresses), 0 when there is
   * none. A locked attempt is still admitted, so that the owner's right password can ask for the
   * one-time link (login-lock.ts); its answer is the same whether or not the password was right.
   */
  locked: number;
  /** A wrong password (or unknown e-mail): the hits stay, and a delay may start for this address. */
  failed: () => Promise<void>;
  /** The right password: gives the hits back and forgets this address's failures and delay. */
  succeeded: () => Promise<void>;
  /**
   * The right password while the account is locked: this address's hits are given back and its
   * failures forgotten as on success; the account's lock stays (only a link or code lifts it).
   */
  rightWhileLocked: () => Promise<void>;
};

/** The key of the account-wide counter: what an unlock clears (never the addresses' counters). */
export function accountLockKey(scope: LoginScope, email: string): string {
  return authRule(`${scope}Account`, email.toLowerCase()).key;
}

/**
 * Admits one login attempt or throws 429 RATE_LIMITED (Retry-After, remainingSeconds) when
 *  - this (account, address) must still wait after its recent failures (LOGIN_DELAYS),
 *  - this address has too many failed logins across accounts (`…Ip`), or
 *  - this (account, address) has too many failures (`…AccountIp`, the small ceiling).
 * A refused attempt counts nowhere. When the account has too many failures from everywhere
 * (`…Account`, the much higher ceiling) the attempt is admitted with `locked` set: it counts
 * against this address's limits like any guess, but not against the account's (a lock is not
 * lengthened by guessing on), and the caller answers it as locked (issue #33 item 9). The counters
 * live in PostgreSQL (rate_limit_buckets), shared by every node. The account key is the
 * lower-cased e-mail whether or not such an account exists, so the answers do not tell which
 * e-mails have accounts.
 */
export async function beginLoginAttempt(db: Db, scope: LoginScope, input: { email: string; ip: string }): Promise<LoginAttempt> {
  const pair = `${input.email} ${input.ip}`;
  const waitKey = `auth:${scope}Wait:${pair}`;
  const wait = await waitSeconds(db, waitKey);
  if (wait > 0) throw rateLimited(wait);

  const ipRule = authRule(`${scope}Ip`, input.ip);
  const pairRule = authRule(`${scope}AccountIp`, pair);
  const accountRule = authRule(`${scope}Account`, input.email);
  const [, pairHit] = await takeRateLimits(db, [ipRule, pairRule]);
  const failures = pairHit!.count;
  const accountHit = await hitRateLimit(db, accountRule);
  const locked = accountHit.allowed ? 0 : accountHit.retryAfterSeconds;
  if (locked) await refundRateLimit(db, accountRule.key);

  const forgetAddress = async () => {
    await refundRateLimit(db, ipRule.key);
    await clearRateLimit(db, pairRule.key);
    await clearRateLimit(db, waitKey);
  };
  return {
    locked,
    failed: async () => {
      const delay = LOGIN_DELAYS[scope];
      if (failures >= delay.after) await startWait(db, waitKey, delay.baseSeconds * 2 ** (failures - delay.after));
    },
    succeeded: async () => {
      await refundRateLimit(db, accountRule.key);
      await forgetAddress();
    },
    rightWhileLocked: forgetAddress,
  };
}
