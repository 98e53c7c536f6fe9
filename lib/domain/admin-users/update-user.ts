import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { isUniqueViolation } from '@/db/errors';
import { disconnectSessions } from '@/lib/infra/realtime';
import { ensureAnotherActiveAdmin, lockAdmins } from './admin-rules';
import type { UpdateUserInput } from './schemas';
import { toAdminUser, type AdminUser } from './shapes';

/**
 * PUT /users/{id}. A role change, a deactivation or a new password bumps the session version,
 * so the user's open sessions, tokens and sockets stop working at once. An admin cannot demote or
 * deactivate themselves, and nobody can demote or deactivate the last active admin.
 */
export async function updateUser(db: Db, actor: Actor, id: number, input: UpdateUserInput): Promise<AdminUser> {
  const passwordHash = input.sifre ? await hashPassword(input.sifre) : undefined;
  let result: { updated: AdminUser; sessionsEnded: boolean };
  try {
    result = await db.transaction(async (tx) => {
      // Admin rows first, in id order, when this change could take an admin away (admin-rules.ts).
      const admins = input.rol === 'user' || input.aktif === false ? await lockAdmins(tx) : undefined;
      const [current] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      if (!current) throw new AppError('USER_NOT_FOUND');

      const rol = input.rol ?? current.rol;
      const aktif = input.aktif ?? current.aktif;
      const demoted = current.rol === 'admin' && rol !== 'admin';
      const deactivated = current.aktif && !aktif;
      if (id === actor.id && demoted) throw new AppError('CANNOT_DEMOTE_SELF');
      if (id === actor.id && deactivated) throw new AppError('CANNOT_DEACTIVATE_SELF');
      if (current.rol === 'admin' && current.aktif && (demoted || deactivated)) ensureAnotherActiveAdmin(admins ?? (await lockAdmins(tx)), id);

      if (input.email !== current.email.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt), ne(users.id, id)));
        if (taken) throw new AppError('EMAIL_TAKEN');
      }

      const revoke = rol !== current.rol || deactivated || passwordHash !== undefined;
      const [row] = await tx
        .update(users)
        .set({
          adSoyad: input.ad_soyad || input.ad,
          email: input.email,
          telefon: input.telefon ?? current.telefon,
          meslek: input.meslek ?? current.meslek,
          rol,
          aktif,
          ...(passwordHash ? { passwordHash } : {}),
          ...(revoke ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      const updated = toAdminUser(row!);
      await recordAudit(tx, actor, {
        action: 'user.update',
        entity: 'user',
        entityId: id,
        before: toAdminUser(current),
        after: { ...updated, ...(passwordHash ? { credentials_changed: true } : {}), ...(revoke ? { sessions_revoked: true } : {}) },
      });
      return { updated, sessionsEnded: row!.sessionVersion !== current.sessionVersion };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  if (result.sessionsEnded) disconnectSessions({ userId: id });
  return result.updated;
}
