import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';

// Loopback and plain http are allowed for the webhook URLs of this file (the test endpoint runs
// on 127.0.0.1); the refusals are checked with the option set explicitly.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = '1';
});

import { apiKeys, orders, webhookDeliveries } from '@/db/schema';
import { call } from '@/test/http';
import { processOrder } from '@/lib/domain/operations';
import { setupWorld, fastClient, makeUser, waitFor } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { getQueue, WEBHOOKS_QUEUE } from '@/lib/infra/queue';
import { isAppError } from '@/lib/infra/errors';
import * as webhookRoute from '@/app/api/api-keys/[id]/webhook/route';
import * as testRoute from '@/app/api/api-keys/[id]/webhook/test/route';
import { deliverWebhook, setWebhook, startWebhookWorker, WEBHOOK_RETRY_WINDOW_SECONDS } from '.';

type Received = { headers: IncomingMessage['headers']; body: string };
const w = setupWorld();
let server: Server;
let endpoint = '';
let answer = 200;
const received: Received[] = [];

/** The receiving side exactly as docs/reseller-api.md tells a reseller to write it (Node recipe). */
function verify(secret: string, header: string | undefined, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=')));
  const t = Number(parts.t);
  if (!t || Math.abs(nowSeconds - t) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.v1 !== undefined && parts.v1.length === expected.length && crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      if (answer === 302) res.setHeader('location', 'http://127.0.0.1:9/elsewhere');
      res.end(answer === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await startWebhookWorker(w.t.db, { pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function resellerWithWebhook() {
  const made = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 50, profilLimit: 10 } } });
  const key = await makeApiKey(w.t.db, made.user.id);
  const put = await call(webhookRoute.PUT, { method: 'PUT', token: made.token, params: { id: String(key.id) }, body: { url: endpoint } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const secret = (put.body.webhook as { secret: string }).secret;
  return { ...made, ...key, secret };
}
let n = 0;
const tweet = () => `https://x.com/etkilesim/status/18000000000000${String(++n).padStart(5, '0')}`;
const deliveriesOf = (keyId: number) => w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.apiKeyId, keyId)).orderBy(webhookDeliveries.id);

describe('setting a webhook', () => {
  it('makes a signing secret and shows it to the owner only', async () => {
    const r = await resellerWithWebhook();
    expect(r.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const got = await call(webhookRoute.GET, { token: r.token, params: { id: String(r.id) } });
    expect(got.body).toMatchObject({ webhook: { url: endpoint, secret: r.secret }, deliveries: [] });
    const other = await makeUser(w.t);
    expect((await call(webhookRoute.GET, { token: other.token, params: { id: String(r.id) } })).status).toBe(404);
    expect((await call(webhookRoute.PUT, { method: 'PUT', token: other.token, params: { id: String(r.id) }, body: { url: endpoint } })).status).toBe(404);
    expect((await call(testRoute.POST, { method: 'POST', token: other.token, params: { id: String(r.id) } })).status).toBe(404);
    // A new URL keeps the secret; rotateSecret makes a new one; an empty URL removes both.
    const same = await call(webhookRoute.PUT, { method: 'PUT', token: r.token, params: { id: String(r.id) }, body: { url: endpoint + '?v=2' } });
    expect((same.body.webhook as { secret: string }).secret).toBe(r.secret);
    const rotated = await call(webhookRoute.PUT, { method: 'PUT', token: r.token, params: { id: String(r.id) }, body: { url: endpoint, rotateSecret: true } });
    expect((rotated.body.webhook as { secret: string }).secret).not.toBe(r.secret);
    const removed = await call(webhookRoute.PUT, { method: 'PUT', token: r.token, params: { id: String(r.id) }, body: { url: '' } });
    expect(removed.body.webhook).toEqual({ url: null, secret: null });
  });

  it('refuses private, loopback and plain http URLs without the setting, and link-local ones always', async () => {
    const r = await resellerWithWebhook();
    const reason = async (url: string, allowPrivate: boolean) => {
      try {
        await setWebhook(w.t.db, { userId: r.user.id, keyId: r.id, url }, { allowPrivate });
        return 'accepted';
      } catch (err) {
        if (!isAppError(err)) throw err;
        expect(err.code).toBe('WEBHOOK_URL_INVALID');
        return err.extra.reason;
      }
    };
    expect(await reason('https://127.0.0.1/hooks', false)).toBe('private_address');
    expect(await reason('https://localhost/hooks', false)).toBe('private_address');
    expect(await reason('https://10.0.0.8/hooks', false)).toBe('private_address');
    expect(await reason('http://hooks.example.com/', false)).toBe('not_https');
    expect(await reason('https://169.254.169.254/latest/meta-data', false)).toBe('forbidden_address');
    expect(await reason('https://169.254.169.254/latest/meta-data', true)).toBe('forbidden_address');
    expect(await reason('https://[fe80::1]/', true)).toBe('forbidden_address');
    expect(await reason(endpoint, true)).toBe('accepted');
    const res = await call(webhookRoute.PUT, { method: 'PUT', token: r.token, params: { id: String(r.id) }, body: { url: 'https://169.254.169.254/' }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WEBHOOK_URL_INVALID', reason: 'forbidden_address', mesaj: expect.stringContaining('public https') });
  });
});

describe('order events', () => {
  it('posts every status change of an API order, signed so the documented recipe verifies it', async () => {
    answer = 200;
    const r = await resellerWithWebhook();
    const placed = await callV2({ key: r.key, action: 'add', service: 'like', link: tweet(), quantity: 3 });
    const order = (placed.body as { order: number }).order;
    expect(await deliveriesOf(r.id)).toHaveLength(0); // placing is not a change of status
    const before = received.length;
    const uuid = (await w.t.db.select().from(orders).where(eq(orders.number, order)))[0]!.id;
    await processOrder(w.t.db, uuid, { client: fastClient(), pollIntervalMs: 50, emit: () => {} });
    const final = (await w.t.db.select().from(orders).where(eq(orders.id, uuid)))[0]!;

    await waitFor(async () => (await deliveriesOf(r.id)).every((d) => d.status === 'delivered') && received.length >= before + 2);
    const mine = received.slice(before).filter((x) => JSON.parse(x.body).order === order);
    expect(mine).toHaveLength(2);
    const bodies = mine.map((x) => JSON.parse(x.body) as Record<string, unknown>);
    const statuses = bodies.map((b) => b.status).sort();
    const finalStatus = final.status === 'completed' ? 'Completed' : final.status === 'partial' ? 'Partial' : 'Canceled';
    expect(statuses).toEqual(['In progress', finalStatus].sort());
    const last = bodies.find((b) => b.status === finalStatus)!;
    expect(last).toMatchObject({ event: 'order.status', order, uuid, charge: '0.00', currency: 'USD', remains: String(3 - final.successCount) });
    expect(last.profiles).toHaveLength(3);
    expect(typeof last.event_id).toBe('number');
    for (const x of mine) {
      expect(x.headers['content-type']).toBe('application/json');
      expect(x.headers['x-webhook-event']).toBe('order.status');
      expect(verify(r.secret, x.headers['x-signature'] as string, x.body)).toBe(true);
      // Any change to the body, the time or the secret breaks it.
      expect(verify(r.secret, x.headers['x-signature'] as string, x.body.replace('"USD"', '"EUR"'))).toBe(false);
      expect(verify('whsec_other', x.headers['x-signature'] as string, x.body)).toBe(false);
      expect(verify(r.secret, x.headers['x-signature'] as string, x.body, Math.floor(Date.now() / 1000) + 3600)).toBe(false);
    }
    const log = await call(webhookRoute.GET, { token: r.token, params: { id: String(r.id) } });
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ event: 'order.status', order: uuid, order_number: order, status: 'delivered', attempts: 1, response_status: 200 }),
      expect.objectContaining({ event: 'order.status', order: uuid, order_number: order, status: 'delivered', attempts: 1, response_status: 200 }),
    ]);
  });

  it('posts Canceled when an order is cancelled, and nothing for orders of the UI or of a key without a webhook', async () => {
    answer = 200;
    const r = await resellerWithWebhook();
    const order = ((await callV2({ key: r.key, action: 'add', service: 'retweet', link: tweet(), quantity: 1 })).body as { order: number }).order;
    await callV2({ key: r.key, action: 'cancel', orders: order });
    await waitFor(async () => received.some((x) => JSON.parse(x.body).order === order));
    const body = JSON.parse(received.find((x) => JSON.parse(x.body).order === order)!.body);
    expect(body).toMatchObject({ status: 'Canceled', order_status: 'cancelled', remains: '1' });

    const plain = await makeApiKey(w.t.db, r.user.id, 'no webhook');
    const other = ((await callV2({ key: plain.key, action: 'add', service: 'bookmark', link: tweet(), quantity: 1 })).body as { order: number }).order;
    await callV2({ key: plain.key, action: 'cancel', orders: other });
    expect(await deliveriesOf(plain.id)).toHaveLength(0);
  });
});

describe('retries', () => {
  it('retries a failing endpoint with back-off through the queue for 24 hours, then gives up', async () => {
    answer = 500;
    const r = await resellerWithWebhook();
    const order = ((await callV2({ key: r.key, action: 'add', service: 'like', link: tweet(), quantity: 1 })).body as { order: number }).order;
    await callV2({ key: r.key, action: 'cancel', orders: order });
    // The worker makes the first attempt and queues the next one 30 s later.
    const [d] = await waitFor(async () => {
      const rows = await deliveriesOf(r.id);
      return rows[0]?.attempts === 1 && rows[0].status === 'pending' && rows[0].responseStatus !== null ? rows : undefined;
    });
    expect(d).toMatchObject({ responseStatus: 500, lastError: 'HTTP 500: nope' });
    const due = d!.nextAttemptAt!.getTime() - Date.now();
    expect(due).toBeGreaterThan(20_000);
    expect(due).toBeLessThanOrEqual(30_000);
    const boss = await getQueue();
    const jobs = await waitFor(async () => {
      const found = await boss.findJobs(WEBHOOKS_QUEUE, { data: { deliveryId: d!.id } });
      return found.length >= 2 ? found : undefined;
    });
    expect(jobs.some((j) => j.state === 'created' && new Date(j.startAfter).getTime() > Date.now() + 20_000)).toBe(true);

    // The schedule: 30 s, 1 min, 2 min, … doubling up to 2 h.
    let now = new Date(d!.nextAttemptAt!.getTime() + 1000);
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      const out = await deliverWebhook(w.t.db, d!.id, { now });
      expect(out.outcome).toBe('retry');
      const row = (await deliveriesOf(r.id))[0]!;
      delays.push(Math.round((row.nextAttemptAt!.getTime() - now.getTime()) / 1000));
      now = new Date(row.nextAttemptAt!.getTime() + 1000);
    }
    expect(delays).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7200, 7200]);
    // Too early: nothing is posted; the job is told when to come back.
    expect(await deliverWebhook(w.t.db, d!.id, { now: new Date(now.getTime() - 60_000) })).toMatchObject({ outcome: 'retry' });
    // Past the window: failed for good.
    const late = new Date(d!.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_SECONDS * 1000 - 60_000);
    expect(await deliverWebhook(w.t.db, d!.id, { now: late })).toEqual({ outcome: 'failed' });
    expect((await deliveriesOf(r.id))[0]).toMatchObject({ status: 'failed', attempts: 11, nextAttemptAt: null });
    expect(await deliverWebhook(w.t.db, d!.id, { now: late })).toEqual({ outcome: 'skipped' });
  });

  it('delivers on a later attempt once the endpoint answers, never following a redirect', async () => {
    answer = 302;
    const r = await resellerWithWebhook();
    const order = ((await callV2({ key: r.key, action: 'add', service: 'like', link: tweet(), quantity: 1 })).body as { order: number }).order;
    await callV2({ key: r.key, action: 'cancel', orders: order });
    const [d] = await waitFor(async () => ((await deliveriesOf(r.id))[0]?.responseStatus ? deliveriesOf(r.id) : undefined));
    expect(d).toMatchObject({ status: 'pending', responseStatus: 302 });
    answer = 200;
    expect(await deliverWebhook(w.t.db, d!.id, { now: new Date(d!.nextAttemptAt!.getTime() + 1) })).toEqual({ outcome: 'delivered' });
    expect((await deliveriesOf(r.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, lastError: null });
  });

  it('stops delivering for a revoked key', async () => {
    answer = 500;
    const r = await resellerWithWebhook();
    const order = ((await callV2({ key: r.key, action: 'add', service: 'like', link: tweet(), quantity: 1 })).body as { order: number }).order;
    await callV2({ key: r.key, action: 'cancel', orders: order });
    const [d] = await waitFor(async () => ((await deliveriesOf(r.id))[0]?.responseStatus ? deliveriesOf(r.id) : undefined));
    await w.t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, r.id));
    expect(await deliverWebhook(w.t.db, d!.id, { now: new Date(d!.nextAttemptAt!.getTime() + 1) })).toEqual({ outcome: 'failed' });
  });
});

describe('the test event', () => {
  it('posts one signed test event now and logs it; a failure is not retried', async () => {
    answer = 200;
    const r = await resellerWithWebhook();
    const res = await call(testRoute.POST, { method: 'POST', token: r.token, params: { id: String(r.id) } });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({ event: 'test', status: 'delivered', attempts: 1, response_status: 200 });
    const got = received.at(-1)!;
    expect(JSON.parse(got.body)).toMatchObject({ event: 'test', order: null, status: 'Completed' });
    expect(got.headers['x-webhook-event']).toBe('test');
    expect(verify(r.secret, got.headers['x-signature'] as string, got.body)).toBe(true);

    answer = 500;
    const failed = await call(testRoute.POST, { method: 'POST', token: r.token, params: { id: String(r.id) } });
    expect(failed.body.delivery).toMatchObject({ event: 'test', status: 'failed', attempts: 1, response_status: 500, next_attempt_at: null });

    await call(webhookRoute.PUT, { method: 'PUT', token: r.token, params: { id: String(r.id) }, body: { url: null } });
    const none = await call(testRoute.POST, { method: 'POST', token: r.token, params: { id: String(r.id) } });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'WEBHOOK_NOT_SET' });
    const rows = await w.t.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.apiKeyId, r.id), eq(webhookDeliveries.event, 'test')));
    expect(rows).toHaveLength(2);
  });
});
