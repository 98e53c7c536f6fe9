import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';

/**
 * "Log out everywhere": bumps users.session_version, so every bearer token and next-auth cookie
 * issued before is refused on its next request (lib/auth/tokens.ts loadSessionUser).
 * Returns the new version.
 */
export async function revokeSessions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}
