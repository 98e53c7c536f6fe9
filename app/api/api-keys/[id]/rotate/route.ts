import { apiKeyIdParams, rotateApiKey, rotateApiKeySchema } from '@/lib/domain/api-keys';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/api-keys/{id}/rotate {currentPassword} → {key, api_key}: a new secret for the key; the old one stops at once. */
export const POST = route({ auth: 'user', params: apiKeyIdParams, body: rotateApiKeySchema }, async ({ db, user, params, input }) =>
  ok({ ...(await rotateApiKey(db, { userId: user.id, keyId: params.id, currentPassword: input.currentPassword })) }),
);
