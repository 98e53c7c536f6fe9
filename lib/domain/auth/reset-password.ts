import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { enforceRateLimit } from '@/lib/infra/rate-limit';
import { disconnectSessions } from '@/lib/infra/realtime';
import { endApiKeys } from '@/lib/domain/api-keys';
import { logger } from '@/logger';
import { hashPassword } from '@/lib/domain/credentials';
import { authRule } from './rate-limit-rules';
import { findUsableResetToken, invalidResetToken } from './verify-reset-token';
import type { ResetPasswordInput } from './schemas';

/**
 * POST /api/auth/reset-password: sets the new password, uses up the token (and any other open
 * token of the account) and bumps the session version, so every existing session ends (its sockets
 * too, once committed), and ends every API key of the account in the same transaction. The token
 * row is locked, so two requests with one token cannot both succeed.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput & { ip: string }): Promise<void> {
  await enforceRateLimit(db, authRule('resetIp', input.ip));
  const passwordHash = await hashPassword(input.newPassword);
  const { userId, keys } = await db.transaction(async (tx) => {
    const row = await findUsableResetToken(tx, input.token, true);
    if (!row) throw invalidResetToken();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, row.userId));
    // A reset is the recovery from a stolen account: every API key ends with it (issue #33 item 9).
    return { userId: row.userId, keys: await endApiKeys(tx, row.userId) };
  });
  disconnectSessions({ userId });
  if (keys.length) logger.info({ event: 'api_keys.ended', reason: 'password_reset', userId, keys: keys.length });
}
