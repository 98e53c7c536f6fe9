import 'server-only';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { enforceRateLimits } from '@/lib/infra/rate-limit';
import type { Locale } from '@/lib/infra/i18n/routing';
import { toKullanici, type Kullanici } from '@/lib/domain/users/get-kullanici';
import { hashPassword } from '@/lib/domain/credentials';
import { authRule } from './rate-limit-rules';
import { isUniqueViolation } from '@/db/errors';
import type { RegisterInput } from './register-schemas';

/**
 * POST /api/auth/register: a new customer (rol user). The e-mail is unique case-insensitively
 * among accounts that are not deleted (users_email_lower_uq); a taken one is 409 EMAIL_TAKEN,
 * also when two registrations race.
 */
export async function registerUser(db: Db, input: RegisterInput & { ip: string; locale: Locale }): Promise<Kullanici> {
  await enforceRateLimits(db, [authRule('registerIp', input.ip), authRule('registerAccount', input.email)]);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)))
    .limit(1);
  if (taken) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.sifre);
  try {
    const [row] = await db
      .insert(users)
      .values({
        adSoyad: input.ad_soyad,
        email: input.email,
        telefon: input.telefon,
        meslek: input.meslek,
        rol: 'user',
        passwordHash,
        locale: input.locale,
      })
      .returning();
    return await toKullanici(db, row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}
