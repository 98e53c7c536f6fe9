import { getDb } from '@/db/client';
import { listUsersWithPackages, searchUsersWithPackages, userSearchSchema } from '@/lib/admin-users';
import { handle, ok } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/**
 * GET /api/users/with-packages → users, each with aktif_paketler (§7: every user). With `q`,
 * `limit` or `offset` it answers one page of the users whose name, e-mail or phone contains `q`,
 * newest first, and `toplam`, the number of matches.
 */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  const params = new URL(req.url).searchParams;
  const db = await getDb();
  if (!['q', 'limit', 'offset'].some((k) => params.has(k))) return ok({ users: await listUsersWithPackages(db) });
  const search = userSearchSchema.parse(Object.fromEntries(params));
  const { users, total } = await searchUsersWithPackages(db, search);
  return ok({ users, toplam: total });
});
