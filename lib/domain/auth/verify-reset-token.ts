import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { hashResetToken } from './reset-tokens';

const invalid = () => new AppError('INVALID_RESET_TOKEN');

/** The token row when it is unused, unexpired and its account can still log in. */
async function findUsable(db: Db, token: string, lock: boolean) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return undefined;
  const query = db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.aktif, true),
      ),
    );
  const [row] = lock ? await query.for('update', { of: passwordResetTokens }) : await query;
  return row;
}

/** GET /api/auth/verify-reset-token/{token} → the account's e-mail, or 400 INVALID_RESET_TOKEN. */
export async function verifyResetToken(db: Db, token: string): Promise<{ email: string }> {
  const row = await findUsable(db, token, false);
  if (!row) throw invalid();
  return { email: row.email };
}

export { findUsable as findUsableResetToken, invalid as invalidResetToken };
