import { apiKeyIdParams } from '@/lib/domain/api-keys';
import { sendTestEvent } from '@/lib/domain/webhooks';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/api-keys/{id}/webhook/test → {delivery}: one signed test event, sent now and logged. */
export const POST = route({ auth: 'user', params: apiKeyIdParams }, async ({ db, user, params }) =>
  ok({ delivery: await sendTestEvent(db, { userId: user.id, keyId: params.id }) }),
);
