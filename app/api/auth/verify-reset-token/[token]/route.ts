import { z } from 'zod';
import { verifyResetToken } from '@/lib/domain/auth';
import { textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/auth/verify-reset-token/{token} → {success, email}, or 400 INVALID_RESET_TOKEN. */
export const GET = route({ auth: 'public', params: z.object({ token: textParam(500) }) }, async ({ db, params }) => {
  const { email } = await verifyResetToken(db, params.token);
  return ok({ email });
});
