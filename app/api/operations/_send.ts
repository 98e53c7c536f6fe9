import { getDb } from '@/db/client';
import type { Service } from '@/lib/catalogue/services';
import { parseSendBody, sendOperation } from '@/lib/operations';
import { handle, ok, readJson } from '../_lib/handler';
import { requireUser } from '../_lib/auth';
import { notifyDashboard } from '@/lib/realtime';

/**
 * One POST handler per send route of §7 "Service use" (and POST /youtube/subscribe):
 * login (401) → body (400) → lib/operations.sendOperation → `{success: true, task_id}`.
 */
export function sendRoute(service: Service) {
  return handle(async (req) => {
    const user = await requireUser(req);
    const input = parseSendBody(service, await readJson(req));
    const { taskId } = await sendOperation(await getDb(), user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId });
  });
}
