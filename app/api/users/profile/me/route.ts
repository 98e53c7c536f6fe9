import { profileSchema, updateProfile } from '@/lib/domain/users';
import { ok, route } from '@/app/api/_lib/route';

/**
 * PUT /api/users/profile/me {ad_soyad, email, telefon, meslek, currentPassword?, newPassword?}
 * → {success, kullanici}, plus a new `token` after an e-mail or password change (the account's
 * other sessions end; the new token keeps the caller's login id).
 */
export const PUT = route({ auth: 'user', body: profileSchema }, async ({ db, user, input }) =>
  ok(await updateProfile(db, { id: user.id, kind: user.kind, sid: user.sid }, input)),
);
