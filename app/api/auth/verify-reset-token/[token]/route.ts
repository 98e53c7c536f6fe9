import { getDb } from '@/db/client';
import { handle, ok, param } from '@/app/api/_lib/handler';
import { verifyResetToken } from '@/lib/auth';

/** GET /api/auth/verify-reset-token/{token} → {success, email}, or 400 INVALID_RESET_TOKEN. */
export const GET = handle(async (req, ctx) => {
  const { email } = await verifyResetToken(await getDb(), await param(ctx, 'token'));
  return ok({ email });
});
