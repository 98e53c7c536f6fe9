import { getDb } from '@/db/client';
import { handle, ok } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { getKullanici } from '@/lib/users';
import { AppError } from '@/lib/errors';

/** GET /api/auth/verify → {success, kullanici}; 401 for a missing, forged, expired or revoked token. */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  const kullanici = await getKullanici(await getDb(), user.id);
  if (!kullanici) throw new AppError('UNAUTHORIZED');
  return ok({ kullanici });
});
