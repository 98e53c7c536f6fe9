import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { disconnectSessions } from '@/lib/realtime';

/**
 * "Log out everywhere": bumps users.session_version, so every bearer token and next-auth cookie
 * issued before is refused on its next request (lib/auth/tokens.ts loadSessionUser), and
 * disconnects the account's sockets on every node. Returns the new version. Inside a
 * transaction, bump the version in the transaction's update and call disconnectSessions({ userId })
 * once it has committed, as the other session-ending rules do.
 */
export async function revokeSessions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  disconnectSessions({ userId });
  return row?.sessionVersion ?? 0;
}
