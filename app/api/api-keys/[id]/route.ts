import { apiKeyIdParams, revokeApiKey } from '@/lib/domain/api-keys';
import { ok, route } from '@/app/api/_lib/route';

/** DELETE /api/api-keys/{id}: revokes one of the caller's keys at once (another user's key: 404). */
export const DELETE = route({ auth: 'user', params: apiKeyIdParams }, async ({ db, user, params }) => {
  await revokeApiKey(db, { userId: user.id, keyId: params.id });
  return ok();
});
