import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { updatePlatform, updatePlatformSchema } from '@/lib/domain/platforms';
import { textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/platformlar/{platform} {aktif, api_endpoints} → platform. */
export const PUT = route(
  { auth: 'admin', params: z.object({ platform: textParam(40) }), body: updatePlatformSchema },
  async ({ req, db, user, params, input }) => ok({ platform: await updatePlatform(db, actorFrom(user, req), params.platform, input) }),
);
