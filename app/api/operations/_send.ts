import type { Service } from '@/lib/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/operations';
import { notifyDashboard } from '@/lib/realtime';
import { centsToDecimal } from '@/lib/money';
import { ok, route } from '@/app/api/_lib/route';

/**
 * One POST handler per send route of §7 "Service use" (and POST /youtube/subscribe):
 * login (401) → body (400) → lib/operations.sendOperation → `{success: true, task_id, charge}`:
 * `charge` is what the order took from the balance (USD text; "0.00" under a package), and
 * `pay_per_action` is true when it was paid per action (issue #33 item 7).
 */
export function sendRoute(service: Service) {
  return route({ auth: 'user', body: sendInputSchema(service) }, async ({ db, user, input }) => {
    const { taskId, priceCents, payPerAction } = await sendOperation(db, user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId, charge: centsToDecimal(priceCents), ...(payPerAction ? { pay_per_action: true } : {}) });
  });
}
