import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { hashPassword, signToken, type TokenKind } from '@/lib/domain/credentials';
import { isUniqueViolation } from '@/db/errors';
import { disconnectSessions } from '@/lib/infra/realtime';
import { toKullanici, type Kullanici } from './get-kullanici';
import { queueEmailChangedNotice } from './email-changed-notice';
import { verifyCurrentPassword } from './verify-current-password';
import type { ProfileInput } from './schemas';

/**
 * PUT /api/users/profile/me: name, e-mail, phone and profession, and optionally a new password.
 *
 * Changing the e-mail or the password needs the current password (issue 14: with only a stolen
 * token, an attacker could otherwise move the e-mail, reset the password and lock the owner out):
 * missing → 400 CURRENT_PASSWORD_REQUIRED, wrong → 400 CURRENT_PASSWORD_WRONG (not 401: a 401
 * would make the client drop its session), too many wrong guesses → 429 (verifyCurrentPassword).
 * The same address in other letter case is no change. Either change ends every other session of
 * the account and answers a new token for the caller (same kind and login id); an e-mail change
 * also mails a notice to the old address.
 * The account's sockets are disconnected once the change has committed (the caller's page
 * reconnects with its new token).
 */
export async function updateProfile(
  db: Db,
  caller: { id: number; kind: TokenKind; sid?: string },
  input: ProfileInput,
): Promise<{ kullanici: Kullanici; token?: string }> {
  const [current] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, aktif: users.aktif })
    .from(users)
    .where(and(eq(users.id, caller.id), isNull(users.deletedAt)));
  if (!current || !current.aktif) throw new AppError('UNAUTHORIZED');
  const sensitive = (email: string) => input.newPassword !== '' || input.email !== email.toLowerCase();
  // Checked outside the transaction: a wrong guess must stay counted when the change rolls back.
  const verified = sensitive(current.email);
  if (verified) await verifyCurrentPassword(db, { id: caller.id, passwordHash: current.passwordHash }, input.currentPassword);
  const newHash = input.newPassword !== '' ? await hashPassword(input.newPassword) : undefined;

  let result: { kullanici: Kullanici; token?: string };
  try {
    result = await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, caller.id), isNull(users.deletedAt)))
        .for('update');
      if (!user || !user.aktif) throw new AppError('UNAUTHORIZED');
      // Another request changed the e-mail or password since the check: judge against the new row.
      if (sensitive(user.email)) {
        if (!verified) throw new AppError('CURRENT_PASSWORD_REQUIRED');
        if (user.passwordHash !== current.passwordHash) throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      const emailChanged = input.email !== user.email.toLowerCase();
      if (emailChanged) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt), ne(users.id, user.id)))
          .limit(1);
        if (taken) throw new AppError('EMAIL_TAKEN');
      }
      // An e-mail or password change ends every other session (a new session version); the caller
      // goes on with a token of the new version.
      const [row] = await tx
        .update(users)
        .set({
          adSoyad: input.ad_soyad,
          email: input.email,
          telefon: input.telefon,
          meslek: input.meslek,
          ...(newHash ? { passwordHash: newHash } : {}),
          ...(sensitive(user.email) ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!sensitive(user.email)) return { kullanici: await toKullanici(tx, row!) };

      if (emailChanged) {
        await queueEmailChangedNotice(tx, { to: user.email, name: user.adSoyad, locale: user.locale, newEmail: row!.email, at: new Date() });
      }
      return { kullanici: await toKullanici(tx, row!), token: await signToken(tx, row!, caller.kind, caller.sid) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  // Only once committed: a socket that reconnected before the commit would keep the old version.
  if (result.token) disconnectSessions({ userId: caller.id });
  return result;
}
