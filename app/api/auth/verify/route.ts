import { AppError } from '@/lib/infra/errors';
import { getKullanici } from '@/lib/domain/users';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/auth/verify → {success, kullanici}; 401 for a missing, forged, expired or revoked token. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => {
  const kullanici = await getKullanici(db, user.id);
  if (!kullanici) throw new AppError('UNAUTHORIZED');
  return ok({ kullanici });
});
