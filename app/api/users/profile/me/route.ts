import { getDb } from '@/db/client';
import { handle, ok, parseBody } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { profileSchema, updateProfile } from '@/lib/users';

/**
 * PUT /api/users/profile/me {ad_soyad, email, telefon, meslek, currentPassword?, newPassword?}
 * → {success, kullanici}, plus a new `token` after an e-mail or password change (the account's
 * other sessions end; the new token keeps the caller's login id).
 */
export const PUT = handle(async (req) => {
  const user = await requireUser(req);
  const input = await parseBody(req, profileSchema);
  return ok(await updateProfile(await getDb(), { id: user.id, kind: user.kind, sid: user.sid }, input));
});
