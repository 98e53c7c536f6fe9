import { actorFrom } from '@/lib/domain/audit';
import { createUser, createUserSchema, listUsers } from '@/lib/domain/admin-users';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/users (§7 Admin) → users. */
export const GET = route({ auth: 'admin' }, async ({ db }) => ok({ users: await listUsers(db) }));

/** POST /api/users {ad, ad_soyad, email, telefon, meslek, sifre, rol} → kullanici. */
export const POST = route({ auth: 'admin', body: createUserSchema }, async ({ req, db, user, input }) => {
  const kullanici = await createUser(db, actorFrom(user, req), input);
  notifyDashboard();
  return ok({ kullanici }, 201);
});
