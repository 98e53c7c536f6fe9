import fs from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without type declarations
import { COMPILE_HINT, prepareStatic } from '../scripts/prepare-static.mjs';
import { chooseEncoding, createStaticAssets, STATIC_PREFIX } from './static-assets';

// No database: once is enough.
const once = describe.runIf(process.env.TEST_DB !== 'postgres');

const script = `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([${'"a chunk of the app",'.repeat(200)}0]);\n`;

once('the build step for the browser’s files (scripts/prepare-static.mjs)', () => {
  it('puts the compile hint at the top of every script, once, and leaves other files as they are', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-static-'));
    fs.mkdirSync(path.join(dir, 'chunks'));
    fs.writeFileSync(path.join(dir, 'chunks/app.js'), script);
    fs.writeFileSync(path.join(dir, 'chunks/app.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const first = prepareStatic(dir);
    expect(first.files).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'chunks/app.js'), 'utf8')).toBe(COMPILE_HINT + script);
    expect(fs.readFileSync(path.join(dir, 'chunks/app.css'), 'utf8')).toBe('body{margin:0}');
    // Twice is the same as once.
    prepareStatic(dir);
    expect(fs.readFileSync(path.join(dir, 'chunks/app.js'), 'utf8')).toBe(COMPILE_HINT + script);
    // The copies hold the file as served, compressed; an image gets none.
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, 'chunks/app.js.br'))).toString()).toBe(COMPILE_HINT + script);
    expect(gunzipSync(fs.readFileSync(path.join(dir, 'chunks/app.js.gz'))).toString()).toBe(COMPILE_HINT + script);
    expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
    expect(first.br).toBeLessThan(first.gzip);
  });
});

once('choosing the encoding of an answer', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it('prefers Brotli, then gzip, then the file as it is', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br');
    expect(chooseEncoding('gzip, deflate', all)).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br', ['gzip', 'identity'])).toBe('gzip');
    expect(chooseEncoding(undefined, all)).toBe('identity');
    expect(chooseEncoding('', all)).toBe('identity');
    expect(chooseEncoding('deflate', all)).toBe('identity');
  });
  it('honours q-values, `*` and a refused identity', () => {
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(chooseEncoding('BR;Q=0.5', all)).toBe('br');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding('br;q=0, *;q=0', all)).toBeNull();
    expect(chooseEncoding('identity;q=0', ['identity'])).toBeNull();
    expect(chooseEncoding('gzip;q=abc', ['gzip', 'identity'])).toBe('identity');
  });
});

once('serving the build’s browser files (server/static-assets.ts)', () => {
  let server: Server;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-static-'));
    fs.mkdirSync(path.join(dir, 'chunks'));
    fs.mkdirSync(path.join(dir, 'media'));
    fs.writeFileSync(path.join(dir, 'chunks/app.js'), script);
    fs.writeFileSync(path.join(dir, 'chunks/app.css'), 'body{margin:0}'.repeat(50));
    fs.writeFileSync(path.join(dir, 'media/icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.writeFileSync(path.join(dir, 'chunks/notes.unknown'), 'not a web file');
    prepareStatic(dir);
    const assets = createStaticAssets(dir);
    server = createServer((req, res) => {
      res.setHeader('x-frame-options', 'DENY'); // as server.ts sets the security headers first
      if (!assets.serve(req, res)) {
        res.statusCode = 418;
        res.end('next');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request (fetch would decode the body itself). */
  function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(base + url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a script in Brotli to a browser, with the type, a year of caching and the headers set before it', async () => {
    const res = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(COMPILE_HINT + script);
  });

  it('answers gzip, or the file as it is, to clients that do not take Brotli', async () => {
    const gz = await get(`${STATIC_PREFIX}chunks/app.css`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('body{margin:0}'.repeat(50));
    const plain = await get(`${STATIC_PREFIX}chunks/app.css?dpl=1`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('body{margin:0}'.repeat(50));
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('sends an image as it is, without Vary', async () => {
    const res = await get(`${STATIC_PREFIX}media/icon.png`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect([...res.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('answers 304 to a copy the client has, and HEAD without a body', async () => {
    const first = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next.js what the build did not make, the compressed copies themselves, other methods and paths outside the folder', async () => {
    for (const url of [
      `${STATIC_PREFIX}chunks/missing.js`,
      `${STATIC_PREFIX}chunks/app.js.br`,
      `${STATIC_PREFIX}chunks/notes.unknown`,
      `${STATIC_PREFIX}chunks/../../etc/passwd`,
      `${STATIC_PREFIX}chunks/%2e%2e/app.js`,
      '/_next/static',
      '/chunks/app.js',
    ]) {
      expect((await get(url)).status, url).toBe(418);
    }
    expect((await get(`${STATIC_PREFIX}chunks/app.js`, {}, 'POST')).status).toBe(418);
  });

  it('answers 406 when the client refuses every encoding there is', async () => {
    const res = await get(`${STATIC_PREFIX}chunks/app.js`, { 'accept-encoding': 'br;q=0, gzip;q=0, identity;q=0' });
    expect(res.status).toBe(406);
  });
});
