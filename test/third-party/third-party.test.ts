import { execFile, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, siteSettings } from '@/db/schema';
import { finalizeOrder } from '@/lib/domain/operations';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { GET, POST } from '@/app/api/v2/route';

/**
 * Issue #33's "done when": POST /api/v2 driven by code nobody here wrote, the way it runs at a
 * reseller: the PHP `Api` class of panels of the JustAnotherPanel kind (test/third-party/jap-api.php,
 * typed `refill(int $orderId)`), the provider sync of an open-source PHP panel (panel-sync.php, which
 * orders services with `$a->service - $b->service`) and a Python client that checks the HTTP status
 * before the body (smm_client.py). Each runs as its own process against a real HTTP server in front of
 * the handlers: form fields, no Accept-Language, ids parsed as integers, errors read from a 200 body.
 * `.ci/run` installs php-cli, php-curl and python3; without them this file says so and skips.
 */
const here = path.join(process.cwd(), 'test', 'third-party');
const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const hasPhp = has('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']);
const hasPython = has('python3', ['--version']);
if (!hasPhp || !hasPython) console.warn(`test/third-party: ${!hasPhp ? 'php with curl' : 'python3'} is missing; .ci/run installs it. Skipping the third-party clients.`);

const w = setupWorld();
let server: Server;
let url: string;

beforeAll(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined });
      void (req.method === 'GET' ? GET : POST)(request, { params: Promise.resolve({}) }).then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => server?.close(() => r()));
});

/** Runs a client process (asynchronously: the server answering it lives in this process). */
function run(cmd: string, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: here, timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${cmd} ${args.slice(2).join(' ')}: ${err.message}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout) as Record<string, unknown>);
      } catch {
        reject(new Error(`${cmd} printed ${stdout.slice(0, 500)} ${stderr.slice(0, 500)}`));
      }
    });
  });
}
const jap = (key: string, method: string, ...args: unknown[]) => run('php', ['jap-api.php', url, key, method, JSON.stringify(args)]);
const py = (key: string, method: string, fields: Record<string, unknown> | unknown[] = {}) => run('python3', ['smm_client.py', url, key, method, JSON.stringify(fields)]);

async function reseller(packages = { twitter: { gunlukLimit: 50, profilLimit: 10 } }) {
  const { user } = await makeUser(w.t, { packages, bakiyeCents: 2_000 });
  return { user, key: (await makeApiKey(w.t.db, user.id, 'third-party')).key };
}

describe.skipIf(!hasPhp || !hasPython)('third-party reseller clients', () => {
  it('the PHP panel’s provider sync orders and stores our services with integer ids', async () => {
    const r = await reseller();
    const out = await run('php', ['panel-sync.php', url, r.key]);
    expect(out.php_error).toBeUndefined();
    const rows = out.rows as { api_service_id: number; name: string; rate: number; min: number; max: number }[];
    expect(rows.length).toBeGreaterThan(5);
    const ids = rows.map((x) => x.api_service_id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // English names without Accept-Language.
    expect(rows.map((x) => x.name)).toContain('Like');
  });

  it('the JustAnotherPanel-style PHP Api class adds, tracks, refills and cancels with integer ids, and reads refusals', async () => {
    const r = await reseller();
    const services = (await jap(r.key, 'services')).result as { service: number; key: string }[];
    const like = services.find((s) => s.key === 'like')!.service;
    const retweet = services.find((s) => s.key === 'retweet')!.service;
    expect(typeof like).toBe('number');

    expect((await jap(r.key, 'balance')).result).toEqual({ balance: '20.00', currency: 'USD' });
    const placed = (await jap(r.key, 'order', { service: like, link: 'https://x.com/someone/status/1795500000000000001', quantity: 3 })).result as { order: number };
    expect(Number.isInteger(placed.order)).toBe(true);
    const other = (await jap(r.key, 'order', { service: retweet, link: 'https://x.com/someone/status/1795500000000000001', quantity: 1 })).result as { order: number };

    const status = (await jap(r.key, 'status', placed.order)).result as Record<string, unknown>;
    expect(status).toMatchObject({ status: 'Pending', start_count: '0', remains: '3', currency: 'USD', charge: expect.stringMatching(/^\d+\.\d\d$/) });
    const many = (await jap(r.key, 'multiStatus', [placed.order, other.order])).result as Record<string, { status: string }>;
    expect(many[String(placed.order)]!.status).toBe('Pending');
    expect(many[String(other.order)]!.status).toBe('Pending');

    // The first order ends with one profile failed; refill(int) and refillStatus(int).
    const [row] = await w.t.db.select().from(orders).where(eq(orders.number, placed.order));
    await finalizeOrder(w.t.db, row!.id, { outcomes: new Map(row!.profileIds.map((id, i) => [id, i === 0 ? ('failed' as const) : ('success' as const)])) });
    const refill = await jap(r.key, 'refill', placed.order);
    expect(refill.php_error).toBeUndefined();
    const refillId = (refill.result as { refill: number }).refill;
    expect(Number.isInteger(refillId)).toBe(true);
    expect(((await jap(r.key, 'refillStatus', refillId)).result as { status: string }).status).toBe('Pending');
    expect((await jap(r.key, 'multiRefillStatus', [refillId])).result).toEqual([{ refill: refillId, status: 'Pending' }]);

    expect((await jap(r.key, 'cancel', [other.order])).result).toEqual([{ order: other.order, cancel: 1 }]);

    // Refusals arrive as the body the class decodes: `error` and `code`, in English.
    expect((await jap(r.key, 'order', { service: 999, link: 'https://x.com/a/status/1', quantity: 1 })).result).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    expect((await jap(r.key, 'status', 987654321)).result).toEqual({ error: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    expect((await jap(r.key, 'refill', placed.order)).result).toMatchObject({ code: 'REFILL_ALREADY_REQUESTED' });
    expect((await jap('etk_' + 'q'.repeat(43), 'balance')).result).toEqual({ error: 'Invalid API key.', code: 'INVALID_API_KEY' });
  });

  it('the Python client that raises on HTTP errors reads every refusal’s code', async () => {
    const r = await reseller();
    const none = await reseller({} as never);
    expect(await py(r.key, 'balance')).toEqual({ result: { balance: '20.00', currency: 'USD' } });
    const added = (await py(r.key, 'add', { service: 'like', link: 'https://x.com/someone/status/1795500000000000002', quantity: 2 })).result as { order: number };
    expect(Number.isInteger(added.order)).toBe(true);
    expect(await py(none.key, 'add', { service: 'like', link: 'https://x.com/someone/status/1795500000000000002', quantity: 2 })).toMatchObject({ code: 'NO_PACKAGE', api_error: expect.stringMatching(/package/i) });
    expect(await py(r.key, 'add', { service: 'like', link: 'https://example.com/not-a-tweet', quantity: 2 })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await py(r.key, 'add', { service: 'like', link: 'https://x.com/someone/status/1795500000000000003', quantity: 11 })).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED' });
    expect(await py(r.key, 'status', { order_id: 424242424 })).toMatchObject({ code: 'ORDER_NOT_FOUND', api_error: 'Order not found.' });
    expect(await py('etk_' + 'q'.repeat(43), 'balance')).toMatchObject({ code: 'INVALID_API_KEY' });
  });
});
