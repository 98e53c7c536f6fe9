import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { createUser, createUserSchema, listUsers } from '@/lib/admin-users';
import { handle, ok, parseBody } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';
import { notifyDashboard } from '@/lib/realtime';

/** GET /api/users (§7 Admin) → users. */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  return ok({ users: await listUsers(await getDb()) });
});

/** POST /api/users {ad, ad_soyad, email, telefon, meslek, sifre, rol} → kullanici. */
export const POST = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, createUserSchema);
  const kullanici = await createUser(await getDb(), actorFrom(admin, req), input);
  notifyDashboard();
  return ok({ kullanici }, 201);
});
