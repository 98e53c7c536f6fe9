import { z } from 'zod';
import { getLimitInfo } from '@/lib/domain/operations';
import { text } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const query = z.object({ service: text({ max: 40 }).optional() });

/**
 * GET /api/users/limits/me?service= (§3 Limit info): `limitInfo` (null without an active package
 * on the service's platform), its fields also at the top level.
 */
export const GET = route({ auth: 'user', query }, async ({ db, user, query }) => {
  const limitInfo = await getLimitInfo(db, user, query.service || undefined);
  return ok({ limitInfo, ...(limitInfo ?? {}) });
});
