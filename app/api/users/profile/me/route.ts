import { profileSchema, updateProfile } from '@/lib/users';
import { ok, route } from '@/app/api/_lib/route';

/**
 * PUT /api/users/profile/me {ad_soyad, email, telefon, meslek, currentPassword?, newPassword?}
 * → {success, kullanici}, plus a new `token` after a password change (the old ones stop working).
 */
export const PUT = route({ auth: 'user', body: profileSchema }, async ({ db, user, input }) =>
  ok(await updateProfile(db, { id: user.id, kind: user.kind }, input)),
);
