import type { Service } from '@/lib/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/operations';
import { notifyDashboard } from '@/lib/realtime';
import { centsToDecimal } from '@/lib/money';
import { ok, route } from '@/app/api/_lib/route';
import { sendResponse } from '@/lib/order-view/responses';

/**
 * One POST handler per send route of §7 "Service use" (and POST /youtube/subscribe):
 * login (401) → body (400) → lib/operations.sendOperation → `{success: true, task_id, order_number, charge}`:
 * `order_number` is the order's number, the "#123" the panel shows (issue #33 item 1; task_id stays
 * for compatibility); `charge` is what the order took from the balance (USD text; "0.00" under a
 * package), and `pay_per_action` is true when it was paid per action (issue #33 item 7).
 */
export function sendRoute(service: Service) {
  return route({ auth: 'user', body: sendInputSchema(service), response: sendResponse }, async ({ db, user, input }) => {
    const { taskId, orderNumber, priceCents, payPerAction } = await sendOperation(db, user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId, order_number: orderNumber, charge: centsToDecimal(priceCents), ...(payPerAction ? { pay_per_action: true } : {}) });
  });
}
