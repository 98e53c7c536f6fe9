import { apiKeyIdParams } from '@/lib/domain/api-keys';
import { getWebhook, setWebhook, setWebhookSchema } from '@/lib/domain/webhooks';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/api-keys/{id}/webhook → {webhook: {url, secret}, deliveries: [20 latest]} (the caller's own key). */
export const GET = route({ auth: 'user', params: apiKeyIdParams }, async ({ db, user, params }) =>
  ok(await getWebhook(db, { userId: user.id, keyId: params.id })),
);

/** PUT /api/api-keys/{id}/webhook {url, rotateSecret?} → {webhook: {url, secret}}; an empty url removes it. */
export const PUT = route({ auth: 'user', params: apiKeyIdParams, body: setWebhookSchema }, async ({ db, user, params, input }) =>
  ok({ webhook: await setWebhook(db, { userId: user.id, keyId: params.id, ...input }) }),
);
