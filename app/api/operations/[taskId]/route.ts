import { z } from 'zod';
import { getOperation } from '@/lib/operations';
import { textParam } from '@/lib/validation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/operations/{task_id}: §3 Task tracking, owner or admin session only. */
export const GET = route({ auth: 'user', params: z.object({ taskId: textParam(100) }) }, async ({ db, user, params }) =>
  ok(await getOperation(db, user, params.taskId)),
);
