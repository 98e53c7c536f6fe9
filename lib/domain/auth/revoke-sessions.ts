import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { endApiKeys } from '@/lib/domain/api-keys';
import { logger } from '@/logger';
import { disconnectSessions } from '@/lib/infra/realtime';

/**
 * "Log out everywhere": bumps users.session_version, so every bearer token and next-auth cookie
 * issued before is refused on its next request (lib/domain/credentials/tokens.ts loadSessionUser), ends every
 * API key of the account in the same transaction (issue #33 item 9: someone who had a session and
 * the password could have made a key that outlives the session; the settings dialog names the
 * keys before the owner confirms), and disconnects the account's sockets on every node once
 * committed. Returns the new version. Inside a transaction, bump the version in the transaction's
 * update and call disconnectSessions({ userId }) once it has committed, as the other
 * session-ending rules do.
 */
export async function revokeSessions(db: Db, userId: number): Promise<number> {
  const { version, keys } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ sessionVersion: users.sessionVersion });
    return { version: row?.sessionVersion ?? 0, keys: row ? await endApiKeys(tx, userId) : [] };
  });
  disconnectSessions({ userId });
  if (keys.length) logger.info({ event: 'api_keys.ended', reason: 'logout_everywhere', userId, keys: keys.length });
  return version;
}
