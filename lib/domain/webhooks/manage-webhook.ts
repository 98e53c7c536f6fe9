import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, webhookDeliveries } from '@/db/schema';
import { env } from '@/env';
import { generateWebhookSecret } from '@/lib/domain/api-keys';
import { AppError } from '@/lib/infra/errors';
import { checkPublicUrl } from '@/lib/infra/net/public-url';
import type { SetWebhookInput } from './schemas';

export type WebhookView = { url: string | null; secret: string | null };

export type DeliveryView = {
  id: number;
  event: string;
  order: string | null;
  /** Issue #33: the order's number, as its event names it (null for a test event or one from before numbers). */
  order_number: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
};

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    order: row.orderId,
    order_number: typeof row.payload.order === 'number' ? row.payload.order : null,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function ownKey(db: Db, userId: number, keyId: number) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if (!key) throw new AppError('API_KEY_NOT_FOUND');
  return key;
}

/** GET /api/api-keys/{id}/webhook: the key's webhook and its 20 latest deliveries. */
export async function getWebhook(db: Db, input: { userId: number; keyId: number }): Promise<{ webhook: WebhookView; deliveries: DeliveryView[] }> {
  const key = await ownKey(db, input.userId, input.keyId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.apiKeyId, key.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(20);
  return { webhook: { url: key.webhookUrl, secret: key.webhookSecret }, deliveries: rows.map(toDeliveryView) };
}

/**
 * PUT /api/api-keys/{id}/webhook {url, rotateSecret?}: sets the URL (checked against
 * lib/infra/net/public-url.ts, DNS included: WEBHOOK_URL_INVALID with the reason) and makes a signing
 * secret on first use; an empty URL removes the webhook and its secret. Pending deliveries go
 * to the URL in force when they are tried.
 */
export async function setWebhook(db: Db, input: { userId: number; keyId: number } & SetWebhookInput, options: { allowPrivate?: boolean } = {}): Promise<WebhookView> {
  const key = await ownKey(db, input.userId, input.keyId);
  const url = input.url?.trim() || null;
  if (url) {
    const problem = await checkPublicUrl(url, { allowPrivate: options.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE === '1' });
    if (problem) throw new AppError('WEBHOOK_URL_INVALID', { extra: { reason: problem } });
  }
  const secret = url ? (input.rotateSecret || !key.webhookSecret ? generateWebhookSecret() : key.webhookSecret) : null;
  const [row] = await db.update(apiKeys).set({ webhookUrl: url, webhookSecret: secret }).where(eq(apiKeys.id, key.id)).returning();
  return { url: row!.webhookUrl, secret: row!.webhookSecret };
}

/** The sample event of the "send test event" button (an order that does not exist). */
export const TEST_EVENT_PAYLOAD = {
  event: 'test',
  order: null,
  status: 'Completed',
  charge: '0.00',
  start_count: '0',
  remains: '0',
  currency: 'USD',
  profiles: [],
} as const;

/**
 * POST /api/api-keys/{id}/webhook/test: queues a test event and makes its one attempt now, so the
 * answer shows whether the endpoint took it (no retries for a test).
 */
export async function queueTestEvent(db: Db, input: { userId: number; keyId: number }): Promise<number> {
  const key = await ownKey(db, input.userId, input.keyId);
  if (!key.webhookUrl) throw new AppError('WEBHOOK_NOT_SET');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ apiKeyId: key.id, event: 'test', url: key.webhookUrl, payload: { ...TEST_EVENT_PAYLOAD, sent_at: new Date().toISOString() } })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

export async function getDelivery(db: Db, id: number): Promise<DeliveryView> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return toDeliveryView(row!);
}
