import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

/** The user's balance in cents (the cached ledger sum). */
export async function getBalanceCents(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ bakiyeCents: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row.bakiyeCents;
}
