import { z } from 'zod';
import { getOperation } from '@/lib/domain/operations';
import { textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';
import { operationDetailResponse } from '@/lib/domain/order-view/responses';

/** GET /api/operations/{task_id}: §3 Task tracking, owner or admin session only; the order's number ("123", "#123") also names it (issue #33). */
export const GET = route({ auth: 'user', params: z.object({ taskId: textParam(100) }), response: operationDetailResponse }, async ({ db, user, params }) =>
  ok(await getOperation(db, user, params.taskId)),
);
