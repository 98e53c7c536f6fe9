import { publicUrl } from '@/env';
import { createApiKey, createApiKeySchema, listApiKeys } from '@/lib/domain/api-keys';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/api-keys → {api_keys: [{id, name, prefix, created_at, last_used_at, webhook_url}], endpoint}: the caller's working keys. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => ok({ api_keys: await listApiKeys(db, user.id), endpoint: `${publicUrl()}/api/v2` }));

/** POST /api/api-keys {name, currentPassword} → 201 {key, api_key: {id, name, prefix, …}}; the key is shown only here. */
export const POST = route({ auth: 'user', body: createApiKeySchema }, async ({ db, user, input, ip }) =>
  ok({ ...(await createApiKey(db, { userId: user.id, name: input.name, currentPassword: input.currentPassword, ip })) }, 201),
);
