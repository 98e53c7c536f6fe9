import 'server-only';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { revokedSessions } from '@/db/schema';
import { disconnectSessions } from '@/lib/infra/realtime';
import { TOKEN_TTL_MS, type AuthUser } from '@/lib/domain/credentials';

/**
 * Plain logout: ends the caller's login — the bearer token it was given, the cookie session made
 * from it and the tokens re-issued for that session — on every node at once, while the account's
 * other logins stay (log out everywhere is revokeSessions). The login's sockets are disconnected on
 * every node once the row is committed. Rows are kept until every credential
 * of that login would have expired anyway; expired ones are removed here.
 */
export async function endSession(db: Db, user: AuthUser): Promise<void> {
  if (!user.sid) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(revokedSessions)
      .values({ sid: user.sid!, userId: user.id, expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_MS / 1000})` })
      .onConflictDoNothing();
    await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`now()`));
  });
  disconnectSessions({ sid: user.sid });
}

/** Whether a login was ended by logout (read when next-auth would extend its cookie). */
export async function isSessionEnded(db: Db, sid: string): Promise<boolean> {
  const [row] = await db.select({ sid: revokedSessions.sid }).from(revokedSessions).where(eq(revokedSessions.sid, sid)).limit(1);
  return !!row;
}
