import type { Service } from '@/lib/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/operations';
import { notifyDashboard } from '@/lib/realtime';
import { ok, route } from '@/app/api/_lib/route';

/**
 * One POST handler per send route of §7 "Service use" (and POST /youtube/subscribe):
 * login (401) → body (400) → lib/operations.sendOperation → `{success: true, task_id}`.
 */
export function sendRoute(service: Service) {
  return route({ auth: 'user', body: sendInputSchema(service) }, async ({ db, user, input }) => {
    const { taskId } = await sendOperation(db, user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId });
  });
}
