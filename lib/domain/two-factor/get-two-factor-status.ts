import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { recoveryCodes, totpCredentials } from '@/db/schema';

export type TwoFactorStatus = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };

/** GET /api/auth/2fa: whether two-factor sign-in is on, since when, and how many recovery codes are left. */
export async function getTwoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const [cred] = await db.select({ enabledAt: totpCredentials.enabledAt }).from(totpCredentials).where(eq(totpCredentials.userId, userId));
  if (!cred?.enabledAt) return { enabled: false, enabled_at: null, recovery_codes_left: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, enabled_at: cred.enabledAt.toISOString(), recovery_codes_left: left?.n ?? 0 };
}
