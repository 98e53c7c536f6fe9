import { getDb } from '@/db/client';
import { getLimitInfo } from '@/lib/operations';
import { handle, ok } from '../../../_lib/handler';
import { requireUser } from '../../../_lib/auth';

/**
 * GET /api/users/limits/me?service= (§3 Limit info): `limitInfo` (null without an active package
 * on the service's platform), its fields also at the top level.
 */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  const service = new URL(req.url).searchParams.get('service') ?? undefined;
  const limitInfo = await getLimitInfo(await getDb(), user, service);
  return ok({ limitInfo, ...(limitInfo ?? {}) });
});
