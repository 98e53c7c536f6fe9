import { apiKeyIdParams } from '@/lib/api-keys';
import { sendTestEvent } from '@/lib/webhooks';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/api-keys/{id}/webhook/test → {delivery}: one signed test event, sent now and logged. */
export const POST = route({ auth: 'user', params: apiKeyIdParams }, async ({ db, user, params }) =>
  ok({ delivery: await sendTestEvent(db, { userId: user.id, keyId: params.id }) }),
);
