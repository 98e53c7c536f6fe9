import { getDb } from '@/db/client';
import { listUsersWithPackages } from '@/lib/admin-users';
import { handle, ok } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** GET /api/users/with-packages → users, each with aktif_paketler. */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  return ok({ users: await listUsersWithPackages(await getDb()) });
});
