import { z } from 'zod';
import { listUserSubscriptions } from '@/lib/domain/admin-users';
import { isAdminSession } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/kullanici-paketleri/{userId} → kullanici_paketleri. An admin session reads anyone's; a
 * customer (and an admin account through the customer login) only their own. The segment is
 * named `id` because reset-limits and cancel share it.
 */
export const GET = route({ auth: 'user', params: z.object({ id: idParam }) }, async ({ db, user, params }) => {
  if (!isAdminSession(user) && user.id !== params.id) throw new AppError('FORBIDDEN');
  return ok({ kullanici_paketleri: await listUserSubscriptions(db, params.id) });
});
