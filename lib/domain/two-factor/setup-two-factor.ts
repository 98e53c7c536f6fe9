import 'server-only';
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { totpCredentials } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { getSiteSettings } from '@/lib/domain/settings';
import { encryptSecret } from './secret-box';
import { newTotpSecret, totpUri } from './totp';

/**
 * POST /api/auth/2fa/setup: a new TOTP secret for the account, kept (encrypted) as a pending
 * setup that changes nothing until enableTwoFactor confirms it with a code. Calling it again
 * replaces a pending secret; with two-factor sign-in already on it is refused (disable first), so
 * a stolen session cannot swap the secret of a protected account.
 */
export async function setupTwoFactor(db: Db, user: { id: number; email: string }): Promise<{ secret: string; otpauth_url: string }> {
  const secret = newTotpSecret();
  const secretEncrypted = await encryptSecret(db, secret);
  const saved = await db
    .insert(totpCredentials)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, lastUsedStep: null, updatedAt: sql`now()` },
      setWhere: isNull(totpCredentials.enabledAt),
    })
    .returning({ userId: totpCredentials.userId });
  if (saved.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const { site_adi } = await getSiteSettings(db);
  return { secret, otpauth_url: totpUri(secret, user.email, site_adi) };
}
