import 'server-only';
import type { Db } from '@/db/client';
import { deliverWebhook, type DeliverOptions } from './deliver-webhook';
import { getDelivery, queueTestEvent, type DeliveryView } from './manage-webhook';

/** The "send test event" button: one signed POST now, logged like any delivery. */
export async function sendTestEvent(db: Db, input: { userId: number; keyId: number }, options: Omit<DeliverOptions, 'noRetry'> = {}): Promise<DeliveryView> {
  const id = await queueTestEvent(db, input);
  await deliverWebhook(db, id, { ...options, noRetry: true });
  return getDelivery(db, id);
}
