import { actorFrom } from '@/lib/domain/audit';
import { adminRevokeApiKey, apiKeyIdParams } from '@/lib/domain/api-keys';
import { ok, route } from '@/app/api/_lib/route';

/** DELETE /api/api-keys/admin/{id} (admin): revokes any customer's key; recorded in the audit log. */
export const DELETE = route({ auth: 'admin', params: apiKeyIdParams }, async ({ req, db, user, params }) => {
  await adminRevokeApiKey(db, actorFrom(user, req), params.id);
  return ok();
});
