import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, orders, webhookDeliveries } from '@/db/schema';
import { readOrderView } from '@/lib/domain/order-view';
import { enqueueWebhook } from '@/lib/infra/queue';

type Order = typeof orders.$inferSelect;

/**
 * Queues the webhook of an order's status change, inside the transaction that made the change
 * (finalizeOrder, cancelOrder, processOrder's start), so the change and its event commit
 * together. Only orders placed with an API key whose webhook is set have one. The body is the
 * order as `status` shows it, fixed at the time of the change, named by its number (`order`,
 * issue #33) and, for integrations that kept the UUID `add` used to answer, its `uuid`.
 */
export async function queueOrderWebhook(tx: Db, order: Order): Promise<void> {
  if (!order.apiKeyId) return;
  const [key] = await tx.select({ url: apiKeys.webhookUrl, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, order.apiKeyId));
  if (!key?.url || key.revokedAt) return;
  // As this transaction sees the order: with the change being made.
  const view = await readOrderView(tx, order.id);
  if (!view) return;
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ apiKeyId: order.apiKeyId, orderId: order.id, event: 'order.status', url: key.url, payload: { event: 'order.status', order: order.number, uuid: order.id, ...view } })
    .returning({ id: webhookDeliveries.id });
  await enqueueWebhook(row!.id, { tx });
}
