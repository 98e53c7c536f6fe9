import 'server-only';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { isUniqueViolation } from '@/db/errors';
import type { CreateUserInput } from './schemas';
import { toAdminUser, type AdminUser } from './shapes';

/** POST /users: an admin creates a customer or another admin. */
export async function createUser(db: Db, actor: Actor, input: CreateUserInput): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.sifre);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)));
      if (taken) throw new AppError('EMAIL_TAKEN');
      const [row] = await tx
        .insert(users)
        .values({
          adSoyad: input.ad_soyad || input.ad,
          email: input.email,
          telefon: input.telefon,
          meslek: input.meslek,
          rol: input.rol,
          passwordHash,
        })
        .returning();
      const created = toAdminUser(row!);
      await recordAudit(tx, actor, { action: 'user.create', entity: 'user', entityId: created.id, after: created });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}
