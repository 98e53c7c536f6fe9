import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { verifyPassword } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { hitRateLimit, rateLimited, refundRateLimit } from '@/lib/infra/rate-limit';
import { apiKeyPasswordRule } from './rules';

/**
 * Creating or rotating a key asks for the current password (a stolen session alone cannot mint a
 * lasting credential). Every attempt counts against apiKeyPasswordRule and a right password gives
 * its hit back, so only wrong passwords use the allowance (400 CURRENT_PASSWORD_WRONG, not 401:
 * a 401 would make the client drop its session).
 */
export async function checkCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const rule = apiKeyPasswordRule(userId);
  const hit = await hitRateLimit(db, rule);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
  const [user] = await db
    .select({ passwordHash: users.passwordHash, aktif: users.aktif })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user || !user.aktif) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('CURRENT_PASSWORD_WRONG');
  await refundRateLimit(db, rule.key);
}
