import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswer } from './compress';

// No database: once is enough.
const once = describe.runIf(process.env.TEST_DB !== 'postgres');

const part = (n: number) => `<section>${`part ${n} of a streamed page. `.repeat(60)}</section>`;

once('compressing what Next.js answers (server/compress.ts)', () => {
  let server: Server;
  let base: string;
  /** Lets the streamed answer go on once the client has read its first part. */
  let goOn: () => void = () => {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      compressAnswer(req, res);
      const flushable = res as ServerResponse & { flush?: () => void };
      if (req.url === '/stream') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.write(part(1));
        // As Next.js does after each part of a page it streams.
        flushable.flush?.();
        new Promise<void>((resolve) => (goOn = resolve)).then(() => res.end(part(2)));
        return;
      }
      if (req.url === '/small') {
        res.setHeader('content-type', 'application/json');
        res.end('{"success":true}');
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/no-transform') res.setHeader('cache-control', 'no-transform');
      res.end(part(1) + part(2));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(url: string, acceptEncoding?: string) {
    return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(base + url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers in Brotli when the browser takes it, and still streams: the first part arrives before the page ends', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${base}/stream`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers.vary).toBe('Accept-Encoding');
        const inflate = createBrotliDecompress();
        let out = '';
        inflate.on('data', (c: Buffer) => {
          out += c.toString();
          // The server ends the page only after this: without the flush the test would wait forever.
          if (out.includes('</section>')) goOn();
        });
        inflate.on('end', () => resolve(out));
        inflate.on('error', reject);
        res.pipe(inflate);
      });
      req.on('error', reject);
      req.end();
    });
    expect(text).toBe(part(1) + part(2));
  });

  it('gzips for a client without Brotli, and sends as it is to one that takes neither', async () => {
    const gz = await get('/page', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(part(1) + part(2));
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(part(1) + part(2));
  });

  it('leaves answers under 1 KB and those marked no-transform as they are', async () => {
    const small = await get('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"success":true}');
    const kept = await get('/no-transform', 'br');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(part(1) + part(2));
  });
});
