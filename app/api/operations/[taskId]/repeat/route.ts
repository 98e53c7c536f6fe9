import { z } from 'zod';
import { readRepeatDraft } from '@/lib/domain/operations';
import { textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';
import { repeatResponse } from '@/lib/domain/order-view/responses';

/**
 * GET /api/operations/{task_id}/repeat (issue #36 item 4): the caller's own order (by its number,
 * "#123", or task_id) as a draft for the service page's Repeat: service, target, prompt or tweet
 * text and each profile's state now. Nothing is sent; the page sends through the normal send.
 * Anyone else's order, an admin session's look at a customer's included, is 404 ORDER_NOT_FOUND.
 */
export const GET = route(
  {
    auth: 'user',
    params: z.object({ taskId: textParam(100) }),
    summary: 'An own order as a draft to send again',
    description: 'The service page fills its form from it (Repeat in the statistics and the results dialog). Profiles that cannot act now are named with their state and are not ticked.',
    response: repeatResponse,
  },
  async ({ db, user, params }) => ok({ ...(await readRepeatDraft(db, user.id, params.taskId)) }),
);
