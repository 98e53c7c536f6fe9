import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { hashPassword, signToken, verifyPassword, type TokenKind } from '@/lib/auth';
import { isUniqueViolation } from '@/db/errors';
import { toKullanici, type Kullanici } from './get-kullanici';
import type { ProfileInput } from './schemas';

/**
 * PUT /api/users/profile/me: name, e-mail, phone and profession; with a new password also the
 * current one (400 CURRENT_PASSWORD_WRONG, not 401: a 401 would make the client drop its session).
 * A password change bumps the session version, ending every other session, and answers a new
 * token for the caller (of the caller's kind).
 */
export async function updateProfile(
  db: Db,
  caller: { id: number; kind: TokenKind; sid?: string },
  input: ProfileInput,
): Promise<{ kullanici: Kullanici; token?: string }> {
  const changePassword = input.newPassword !== '';
  const newHash = changePassword ? await hashPassword(input.newPassword) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, caller.id), isNull(users.deletedAt)))
        .for('update');
      if (!user || !user.aktif) throw new AppError('UNAUTHORIZED');
      if (changePassword && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      if (input.email !== user.email.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt), ne(users.id, user.id)))
          .limit(1);
        if (taken) throw new AppError('EMAIL_TAKEN');
      }
      const [row] = await tx
        .update(users)
        .set({
          adSoyad: input.ad_soyad,
          email: input.email,
          telefon: input.telefon,
          meslek: input.meslek,
          ...(newHash ? { passwordHash: newHash, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      const kullanici = await toKullanici(tx, row!);
      return newHash ? { kullanici, token: await signToken(tx, row!, caller.kind, caller.sid) } : { kullanici };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}
