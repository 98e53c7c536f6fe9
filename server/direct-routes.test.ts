import fs from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok, route, type RouteHandler } from '@/app/api/_lib/route';
import { allServices } from '@/platforms';
import { DIRECT_ROUTES, directRoute, serveDirect } from './direct-routes';

// No database: the handlers here are made with the route wrapper but touch none, so once is enough.
const once = describe.runIf(process.env.TEST_DB !== 'postgres');

once('the direct routes table', () => {
  it('holds, for each path, the very handler Next.js serves there (app/api/…/route.ts, or the registry’s route file)', async () => {
    for (const [key, handler] of Object.entries(DIRECT_ROUTES)) {
      const [method, pathname] = key.split(' ') as [string, string];
      const file = path.join('app', pathname, 'route.ts');
      const served = fs.existsSync(file)
        ? ((await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>)[method]
        : ((await import('@/app/api/[platform]/[service]/route')) as Record<string, { paths?: ReadonlyMap<string, unknown> }>)[method]?.paths?.get(pathname);
      expect(served, key).toBe(handler);
      // Made by a wrapper that declared its auth level (the access table reads it).
      expect((handler as { auth?: string }).auth, key).toMatch(/^(user|apiKey|optional)$/);
    }
  });

  it('covers the reseller protocol, every send of every platform in the registry and the app shell’s viewer', () => {
    const sends = allServices().map(({ platform, service }) => `POST /api/${platform.key}/${service.path}`);
    expect(sends.length).toBeGreaterThan(10);
    expect(Object.keys(DIRECT_ROUTES).sort()).toEqual(['POST /api/v2', 'GET /api/users/me/viewer', ...sends].sort());
  });

  it('matches the method and the exact path; the query string does not matter', () => {
    expect(directRoute('POST', '/api/v2')).toBe(DIRECT_ROUTES['POST /api/v2']);
    expect(directRoute('POST', '/api/twitter/like?lng=en')).toBe(DIRECT_ROUTES['POST /api/twitter/like']);
    expect(directRoute('GET', '/api/v2')).toBeUndefined();
    expect(directRoute('POST', '/api/v2/')).toBeUndefined();
    expect(directRoute('POST', '/api/V2')).toBeUndefined();
    expect(directRoute('POST', '/api/twitter/profiles')).toBeUndefined();
    expect(directRoute(undefined, undefined)).toBeUndefined();
  });
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

once('serveDirect', () => {
  let server: Server;
  let port = 0;
  let current: RouteHandler;

  beforeAll(async () => {
    server = createServer((req, res) => {
      // As server.ts does before any dispatch.
      req.headers['x-etk-peer'] = '203.0.113.7';
      void serveDirect(current, req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** One request, with a body sent in the given chunks (no Content-Length when chunked). */
  function send(pathname: string, opts: { headers?: Record<string, string>; chunks?: (string | Buffer)[]; contentLength?: boolean } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const chunks = (opts.chunks ?? []).map((c) => (typeof c === 'string' ? Buffer.from(c) : c));
      const total = chunks.reduce((n, c) => n + c.length, 0);
      const req = httpRequest(
        { host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { ...(opts.contentLength === false ? {} : { 'content-length': String(total) }), ...opts.headers } },
        (res) => {
          const body: Buffer[] = [];
          res.on('data', (d: Buffer) => body.push(d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(body) }));
        },
      );
      req.on('error', reject);
      for (const c of chunks) req.write(c);
      req.end();
    });
  }

  it('hands the handler the request as Next.js would: method, URL with its query, headers, the exact body', async () => {
    let seen: Record<string, unknown> = {};
    current = async (req) => {
      seen = { method: req.method, url: req.url, peer: req.headers.get('x-etk-peer'), custom: req.headers.get('x-custom'), body: await req.text() };
      return Response.json({ ok: true }, { status: 201, headers: { 'x-answer': 'yes' } });
    };
    const text = 'key=ab&comment=çok güzel 👍';
    const answer = await send('/api/v2?lng=de', { headers: { host: 'example.test', 'x-custom': 'a' }, chunks: [text.slice(0, 5), text.slice(5)] });
    expect(seen).toEqual({ method: 'POST', url: 'http://example.test/api/v2?lng=de', peer: '203.0.113.7', custom: 'a', body: text });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-answer']).toBe('yes');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });

  it('sends every cookie the handler sets', async () => {
    current = async () => {
      const headers = new Headers();
      headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('{}', { headers });
    };
    expect((await send('/x')).headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
  });

  it('compresses an answer of 1 KB or more for a client that accepts it (Brotli, else gzip), and nothing else', async () => {
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'status' })) };
    current = async () => Response.json(big);
    const plain = await send('/x');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(plain.body.toString())).toEqual(big);
    const brotli = await send('/x', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(big);
    const zipped = await send('/x', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.body.length).toBeLessThan(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(big);

    current = async () => Response.json({ small: true });
    expect((await send('/x', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
    current = async () => Response.json(big, { headers: { 'cache-control': 'no-store, no-transform' } });
    expect((await send('/x', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
  });

  it('a body over the limit without a Content-Length gets the wrapper’s 413, in the request’s language, and the connection ends', async () => {
    let ran = false;
    current = route({ auth: 'public', body: z.object({ a: z.string() }) }, async () => {
      ran = true;
      return ok();
    });
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const answer = await send('/x', { contentLength: false, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, chunks: [chunk, chunk, chunk, chunk, chunk] });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', mesaj: expect.stringMatching(/[a-z]/i) });
    expect(answer.headers.connection).toBe('close');
    expect(ran).toBe(false);
  });

  it('a route wrapper’s refusal is its own answer, unchanged', async () => {
    current = route({ auth: 'user' }, async () => ok());
    const answer = await send('/x', { headers: { 'accept-language': 'de' } });
    expect(answer.status).toBe(401);
    const body = JSON.parse(answer.body.toString());
    expect(body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(answer.headers['cache-control']).toContain('no-store');
  });

  it('a client that goes away before the end of its body is not answered, and the handler never runs', async () => {
    let ran = false;
    current = async () => {
      ran = true;
      return Response.json({});
    };
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.on('connect', r));
    socket.write('POST /api/v2 HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\nkey=abc');
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toBe(false);
    // The server goes on serving.
    current = async () => Response.json({ next: true });
    expect(JSON.parse((await send('/x')).body.toString())).toEqual({ next: true });
  });

  it('a failure around the handler is a 500 INTERNAL in the request’s language, never a hung request', async () => {
    current = async () => {
      throw new Error('boom');
    };
    const answer = await send('/x', { headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
