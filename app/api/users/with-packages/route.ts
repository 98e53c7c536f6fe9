import { listUsersWithPackages, searchUsersWithPackages, userListQuerySchema } from '@/lib/domain/admin-users';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/users/with-packages → users, each with aktif_paketler (§7: every user). With `q`,
 * `limit` or `offset` it answers one page of the users whose name, e-mail or phone contains `q`,
 * newest first, and `toplam`, the number of matches.
 */
export const GET = route({ auth: 'admin', query: userListQuerySchema }, async ({ db, query }) => {
  if (!query) return ok({ users: await listUsersWithPackages(db) });
  const { users, total } = await searchUsersWithPackages(db, query);
  return ok({ users, toplam: total });
});
