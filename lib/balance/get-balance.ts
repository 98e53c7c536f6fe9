import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';

/** The user's balance in cents (the cached ledger sum). */
export async function getBalanceCents(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ bakiyeCents: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row.bakiyeCents;
}

/** Integer cents to the dollar amount the §7 fields carry (2 decimals). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** A dollar amount from a client (e.g. tweetPrice) to integer cents, or null when it is not a valid amount. */
export function dollarsToCents(dollars: unknown): number | null {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}
