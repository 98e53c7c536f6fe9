import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';

// The doc's webhook example runs against a receiver on 127.0.0.1.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = '1';
});

import { orders } from '@/db/schema';
import { finalizeOrder } from '@/lib/domain/operations';
import { setupWorld, makeUser, waitFor } from '@/test/fixtures/world';
import { setWebhook, startWebhookWorker } from '@/lib/domain/webhooks';
import { POST } from '@/app/api/v2/route';
import { makeApiKey } from '@/test/fixtures/api-keys';

/**
 * The "reseller script written only from the doc" (issue #16): the two code files of
 * docs/reseller-api.md, taken out of the document exactly as written, place, track, cancel and
 * refill orders against the real /api/v2 handler, and verify real signed webhook deliveries.
 * A change of the protocol that the doc does not follow fails here.
 */
type Client = {
  services: () => Promise<{ service: number; key: string; max: number }[]>;
  add: (order: Record<string, unknown>) => Promise<{ order: number }>;
  status: (order: number) => Promise<{ status: string; remains: string; profiles: { profile_id: number; result: string }[] }>;
  statuses: (orders: (number | string)[]) => Promise<Record<string, { status?: string; code?: string }>>;
  cancel: (orders: number | number[]) => Promise<{ order: number; cancel: 1 | { code: string } }[]>;
  refill: (order: number) => Promise<{ refill: number }>;
  refillStatus: (refill: number) => Promise<{ status: string; refill_of: number }>;
  balance: () => Promise<{ balance: string; currency: string }>;
};

function codeBlock(doc: string, file: string): string {
  const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.startsWith(`// ${file}\n`));
  if (!block) throw new Error(`docs/reseller-api.md has no js block starting with // ${file}`);
  return block;
}

const w = setupWorld();
let dir: string;
let resellerClient: (options: { url: string; key: string; fetch?: typeof fetch }) => Client;
let verifyWebhook: (secret: string, header: string | undefined, raw: string) => boolean;
let receiver: Server;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  const doc = fs.readFileSync(path.join(process.cwd(), 'docs', 'reseller-api.md'), 'utf8');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-reseller-doc-'));
  for (const file of ['reseller-client.mjs', 'verify-webhook.mjs']) fs.writeFileSync(path.join(dir, file), codeBlock(doc, file));
  ({ resellerClient } = await import(/* @vite-ignore */ path.join(dir, 'reseller-client.mjs')));
  ({ verifyWebhook } = await import(/* @vite-ignore */ path.join(dir, 'verify-webhook.mjs')));

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  await startWebhookWorker(w.t.db, { pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise<void>((r) => receiver?.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The network between the script and the server: each request goes to the real handler. */
const toHandler: typeof fetch = (input, init) => POST(new Request(input as string, init), { params: Promise.resolve({}) });

describe('a reseller script written from docs/reseller-api.md', () => {
  it('places, tracks, cancels and refills orders, and verifies the webhooks', async () => {
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 20, profilLimit: 10 } }, bakiyeCents: 5000 });
    const { key, id: keyId } = await makeApiKey(w.t.db, user.id, 'script');
    const hook = await setWebhook(w.t.db, { userId: user.id, keyId, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
    const api = resellerClient({ url: 'http://localhost/api/v2', key, fetch: toHandler });

    const services = await api.services();
    expect(services.find((s) => s.key === 'like')).toMatchObject({ service: 2, max: 10 });
    expect(await api.balance()).toEqual({ balance: '50.00', currency: 'USD' });

    // Place (twice with one request id: one order), track.
    const link = 'https://x.com/someone/status/1790000000000099001';
    const placed = await api.add({ service: 'like', link, quantity: 4, request_id: 'shop-1001' });
    expect(typeof placed.order).toBe('number');
    expect(await api.add({ service: 'like', link, quantity: 4, request_id: 'shop-1001' })).toEqual(placed);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect((await api.status(placed.order)).status).toBe('Pending');

    // Cancel another one before it starts.
    const other = await api.add({ service: 'retweet', link, quantity: 1, request_id: 'shop-1002' });
    expect(await api.cancel([other.order])).toEqual([{ order: other.order, cancel: 1 }]);
    const many = await api.statuses([placed.order, other.order, 'not-an-order']);
    expect(many[other.order]!.status).toBe('Canceled');
    expect(many['not-an-order']!.code).toBe('ORDER_NOT_FOUND');

    // The first order ends with two of four profiles failed (the provider's answer, played here).
    const row = (await w.t.db.select().from(orders).where(eq(orders.number, placed.order)))[0]!;
    await finalizeOrder(w.t.db, row.id, { outcomes: new Map(row.profileIds.map((id, i) => [id, i < 2 ? ('success' as const) : ('failed' as const)])) });
    const partial = await api.status(placed.order);
    expect(partial).toMatchObject({ status: 'Partial', remains: '2' });

    // Refill it: free, once.
    const { refill } = await api.refill(placed.order);
    expect(await api.refillStatus(refill)).toMatchObject({ status: 'Pending', refill_of: placed.order });
    await expect(api.refill(placed.order)).rejects.toMatchObject({ code: 'REFILL_ALREADY_REQUESTED', status: 200 });
    await expect(api.cancel(placed.order)).resolves.toEqual([{ order: placed.order, cancel: { error: expect.any(String), code: 'ORDER_NOT_CANCELLABLE' } }]);
    await expect(api.add({ service: 'like', link, quantity: 11 })).rejects.toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED', status: 200 });

    // The webhooks of the cancellation and of the end, verified with the doc's recipe.
    const events = await waitFor(async () => {
      const mine = received.map((r) => ({ ...r, json: JSON.parse(r.body) as { order: number; status: string } })).filter((r) => [placed.order, other.order].includes(r.json.order));
      return mine.length >= 2 ? mine : undefined;
    });
    expect(events.map((e) => `${e.json.order === placed.order ? 'placed' : 'other'} ${e.json.status}`).sort()).toEqual(['other Canceled', 'placed Partial']);
    for (const e of events) {
      expect(verifyWebhook(hook.secret!, e.headers['x-signature'] as string, e.body)).toBe(true);
      expect(verifyWebhook(hook.secret!, e.headers['x-signature'] as string, e.body + ' ')).toBe(false);
    }
  });

  it('gets the documented errors with the documented codes', async () => {
    const api = resellerClient({ url: 'http://localhost/api/v2', key: 'etk_' + 'x'.repeat(43), fetch: toHandler });
    await expect(api.balance()).rejects.toMatchObject({ code: 'INVALID_API_KEY', status: 200, message: 'Invalid API key.' });
  });
});
