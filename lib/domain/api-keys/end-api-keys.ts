import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';

/**
 * Why an account's keys end all at once (issue #33 item 9, docs/accounts.md "API keys and account
 * events"): a password reset (the recovery from a stolen account) and "log out everywhere" (an
 * attacker with a session and the password could have made a key). A plain password change and
 * turning on two-factor sign-in keep them.
 */
export type KeysEndedBy = 'password_reset' | 'logout_everywhere';

/**
 * Revokes every working key of the account, in the caller's transaction (so the keys end exactly
 * when the event commits). Keys are not cached anywhere: every API request looks its key up in
 * the database (authenticateApiKeyRequest), so from the commit on every node answers the same
 * INVALID_API_KEY as for a key that never existed. Returns the ended keys' ids.
 */
export async function endApiKeys(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.map((r) => r.id);
}
