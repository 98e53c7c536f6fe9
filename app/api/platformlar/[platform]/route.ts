import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { updatePlatform, updatePlatformSchema } from '@/lib/platforms';
import { handle, ok, param, parseBody } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** PUT /api/platformlar/{platform} {aktif, api_endpoints} → platform. */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const ad = await param(ctx, 'platform');
  const input = await parseBody(req, updatePlatformSchema);
  return ok({ platform: await updatePlatform(await getDb(), actorFrom(admin, req), ad, input) });
});
