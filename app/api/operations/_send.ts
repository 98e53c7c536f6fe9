import type { Service } from '@/lib/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/operations';
import { notifyDashboard } from '@/lib/realtime';
import { ok, route } from '@/app/api/_lib/route';
import { sendResponse } from '@/lib/order-view/responses';

/**
 * One POST handler per send route of §7 "Service use" (and POST /youtube/subscribe):
 * login (401) → body (400) → lib/operations.sendOperation → `{success: true, task_id, order_number}`
 * (issue #33: the order's number, the "#123" the panel shows; task_id stays for compatibility).
 */
export function sendRoute(service: Service) {
  return route({ auth: 'user', body: sendInputSchema(service), response: sendResponse }, async ({ db, user, input }) => {
    const { taskId, orderNumber } = await sendOperation(db, user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId, order_number: orderNumber });
  });
}
