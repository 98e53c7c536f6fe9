import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError, unauthorized } from '@/lib/errors';
import { hashPassword, signToken, verifyPassword, type TokenKind } from '@/lib/auth';
import { isUniqueViolation } from '@/lib/auth/db-errors';
import { disconnectSessions } from '@/lib/realtime';
import { toKullanici, type Kullanici } from './get-kullanici';
import type { ProfileInput } from './schemas';

/**
 * PUT /api/users/profile/me: name, e-mail, phone and profession; with a new password also the
 * current one (400 CURRENT_PASSWORD_WRONG, not 401: a 401 would make the client drop its session).
 * A password change bumps the session version, ending every other session, and answers a new
 * token for the caller (of the caller's kind). Whenever the update bumped the session version, the
 * account's sockets are disconnected once it has committed (the caller's page reconnects with its
 * new token).
 */
export async function updateProfile(
  db: Db,
  caller: { id: number; kind: TokenKind; sid?: string },
  input: ProfileInput,
): Promise<{ kullanici: Kullanici; token?: string }> {
  const changePassword = input.newPassword !== '';
  const newHash = changePassword ? await hashPassword(input.newPassword) : undefined;
  let result: { kullanici: Kullanici; token?: string; sessionsEnded: boolean };
  try {
    result = await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, caller.id), isNull(users.deletedAt)))
        .for('update');
      if (!user || !user.aktif) throw unauthorized();
      if (changePassword && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('CURRENT_PASSWORD_WRONG', { status: 400 });
      }
      if (input.email !== user.email.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt), ne(users.id, user.id)))
          .limit(1);
        if (taken) throw new AppError('EMAIL_TAKEN', { status: 409 });
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
      const sessionsEnded = row!.sessionVersion !== user.sessionVersion;
      return sessionsEnded ? { kullanici, token: await signToken(tx, row!, caller.kind, caller.sid), sessionsEnded } : { kullanici, sessionsEnded };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', { status: 409 });
    throw err;
  }
  const { sessionsEnded, ...answer } = result;
  if (sessionsEnded) disconnectSessions({ userId: caller.id });
  return answer;
}
