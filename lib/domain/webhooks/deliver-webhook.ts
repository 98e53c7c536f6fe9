import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, webhookDeliveries } from '@/db/schema';
import { env } from '@/env';
import { publicOnlyLookup, urlProblem } from '@/lib/infra/net/public-url';
import { signWebhook } from './sign';
import { WEBHOOK_RETRY_WINDOW_SECONDS, WEBHOOK_TIMEOUT_MS, webhookRetryDelaySeconds } from './rules';

export type DeliverOptions = {
  now?: Date;
  /** Default: WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate?: boolean;
  timeoutMs?: number;
  /** One attempt only (the "send test event" button). */
  noRetry?: boolean;
};

export type DeliverOutcome =
  | { outcome: 'delivered' }
  | { outcome: 'failed' }
  /** Try again in this many seconds (a failed attempt, or a job that arrived before its time). */
  | { outcome: 'retry'; retryInSeconds: number }
  | { outcome: 'skipped' };

/**
 * One delivery attempt of a queued webhook event. The attempt is claimed first (attempts + 1 and a
 * two-minute lease in next_attempt_at), so a duplicate job does not post twice at once. The body
 * is `{event_id, …payload}`, signed with the key's current secret and sent to its current URL
 * (a customer who fixes a broken endpoint gets the pending events there); a redirect is not
 * followed, and the connection is refused when the address is not public (lib/infra/net/public-url.ts).
 * A 2xx answer delivers; anything else is retried with back-off (rules.ts) until 24 h after the
 * event, then the delivery is failed. Every attempt leaves its status and error in the row (the
 * delivery log of the settings page).
 */
export async function deliverWebhook(db: Db, deliveryId: number, options: DeliverOptions = {}): Promise<DeliverOutcome> {
  const now = options.now ?? new Date();
  const allowPrivate = options.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE === '1';
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + 120_000) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (row?.status === 'pending' && row.nextAttemptAt) {
      return { outcome: 'retry', retryInSeconds: Math.max(1, Math.ceil((row.nextAttemptAt.getTime() - now.getTime()) / 1000)) };
    }
    return { outcome: 'skipped' };
  }

  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, claimed.apiKeyId));
  if (!key || key.revokedAt || !key.webhookUrl || !key.webhookSecret) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: 'the key was revoked or its webhook removed' })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { outcome: 'failed' };
  }

  const body = JSON.stringify({ event_id: claimed.id, ...claimed.payload });
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await post(key.webhookUrl, body, {
    'content-type': 'application/json',
    'user-agent': 'Etkilesim-Webhooks/1',
    'x-signature': signWebhook(key.webhookSecret, body, timestamp),
    'x-webhook-event': claimed.event,
    'x-webhook-id': String(claimed.id),
  }, { allowPrivate, timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS });

  if (result.status !== undefined && result.status >= 200 && result.status < 300) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', responseStatus: result.status, lastError: null, deliveredAt: now, nextAttemptAt: null, url: key.webhookUrl })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { outcome: 'delivered' };
  }

  const error = result.error ?? `HTTP ${result.status}`;
  const delay = webhookRetryDelaySeconds(claimed.attempts);
  const deadline = claimed.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_SECONDS * 1000;
  const giveUp = options.noRetry || now.getTime() + delay * 1000 > deadline;
  await db
    .update(webhookDeliveries)
    .set({
      status: giveUp ? 'failed' : 'pending',
      responseStatus: result.status ?? null,
      lastError: error.slice(0, 500),
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + delay * 1000),
      url: key.webhookUrl,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  return giveUp ? { outcome: 'failed' } : { outcome: 'retry', retryInSeconds: delay };
}

type PostResult = { status?: number; error?: string };

/** POSTs once; never follows a redirect; reads at most 1 KB of the answer (for the log). */
function post(url: string, body: string, headers: Record<string, string>, options: { allowPrivate: boolean; timeoutMs: number }): Promise<PostResult> {
  const problem = urlProblem(url, { allowPrivate: options.allowPrivate });
  if (problem) return Promise.resolve({ error: `refused URL: ${problem}` });
  const target = new URL(url);
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: publicOnlyLookup({ allowPrivate: options.allowPrivate }),
        timeout: options.timeoutMs,
        agent: false,
      },
      (res) => {
        let seen = 0;
        let snippet = '';
        res.on('data', (chunk: Buffer) => {
          if (seen < 1024) snippet += chunk.toString('utf8').slice(0, 1024 - seen);
          seen += chunk.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { status } : { status, error: `HTTP ${status}${snippet ? `: ${snippet.replace(/\s+/g, ' ').slice(0, 200)}` : ''}` });
        });
        res.on('error', (err) => resolve({ status: res.statusCode, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(body);
  });
}
