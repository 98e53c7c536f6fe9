import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { publicContentChanged } from '@/lib/infra/cache';
import { cacheablePath, createPageCache, pageCacheKey, type PageCacheOptions } from './page-cache';

/**
 * The page cache in front of a stand-in for Next.js that numbers its renders, so a test can tell
 * a kept answer (same number) from a new render. The stand-in answers the way Next does: headers
 * through setHeader and writeHead, the body streamed in chunks, gzip when the client accepts it.
 */
let server: Server | undefined;
let renders = 0;
type Render = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const page: Render = (req, res, n) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('vary', 'rsc, Accept-Encoding');
  const html = `<html lang="x"><body>render ${n} ${'x'.repeat(3000)}</body></html>`;
  if (String(req.headers['accept-encoding'] ?? '').includes('gzip')) {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    Readable.from([html.slice(0, 1000), html.slice(1000)]).pipe(createGzip()).pipe(res);
    return;
  }
  res.writeHead(200);
  res.write(html.slice(0, 10));
  res.end(html.slice(10));
};

async function start(render: Render = page, options: Partial<PageCacheOptions> = {}) {
  renders = 0;
  const cache = createPageCache({ ttlMs: 5000, ...options });
  server = createServer((req, res) => cache.handle(req, res, () => render(req, res, ++renders)));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, base };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });
  return { status: res.status, cache: res.headers.get('x-etk-page-cache'), headers: res.headers, body: await res.text() };
}

describe('the public page cache', () => {
  it('replays a kept page with the policy it was rendered under, so its script nonces still match', async () => {
    // As in server.ts: every request gets a fresh nonce in its policy before the cache is asked.
    let issued = 0;
    const { cache } = await start();
    server!.removeAllListeners('request');
    server!.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const nonce = `nonce${++issued}`;
      res.setHeader('content-security-policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      cache.handle(req, res, () => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<html><body><script nonce="${nonce}">render ${++renders}</script></body></html>`);
      });
    });
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const first = await get(`${base}/service/like`);
    const second = await get(`${base}/service/like`);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(issued).toBe(2);
    for (const answer of [first, second]) {
      const inPolicy = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
      const inPage = /<script nonce="([^"]+)"/.exec(answer.body)?.[1];
      expect(inPolicy).toBe('nonce1');
      expect(inPage).toBe(inPolicy);
    }
  });

  it('serves a visitor the kept page, with its headers, until the TTL ends', async () => {
    let clock = 0;
    const { base } = await start(page, { now: () => clock });
    const first = await get(`${base}/service/retweet`);
    const second = await get(`${base}/service/retweet`);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    expect(second.body).toContain('render 1');
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('vary')).toBe('rsc, Accept-Encoding');
    expect(Number(second.headers.get('content-length'))).toBe(Buffer.byteLength(first.body));
    clock += 5000;
    expect((await get(`${base}/service/retweet`)).body).toContain('render 2');
  });

  it('keeps the compressed body as sent and replays it intact', async () => {
    const { base } = await start();
    const raw = async () => {
      const res = await fetch(`${base}/en/service/like`, { headers: { 'accept-encoding': 'gzip' } });
      return { cache: res.headers.get('x-etk-page-cache'), encoding: res.headers.get('content-encoding'), body: await res.text() };
    };
    const a = await raw();
    const b = await raw();
    expect([a.cache, b.cache]).toEqual(['miss', 'hit']);
    expect(b.encoding).toBe('gzip');
    expect(b.body).toBe(a.body); // fetch decompresses: the kept bytes are a whole gzip stream
    expect(b.body).toContain('render 1');
    // A client without gzip gets its own (plain) render, never the compressed bytes.
    const plain = await get(`${base}/en/service/like`);
    expect(plain.cache).toBe('miss');
    expect(plain.body).toContain('render 2');
    expect(() => gunzipSync(Buffer.from(plain.body))).toThrow();
  });

  it('ends every entry at once when public content changes', async () => {
    const { base } = await start();
    await get(`${base}/privacy`);
    expect((await get(`${base}/privacy`)).cache).toBe('hit');
    publicContentChanged();
    const after = await get(`${base}/privacy`);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('render 2');
  });

  it('renders for anyone with another cookie, a token, a query string or a client navigation', async () => {
    const { base } = await start();
    const url = `${base}/service/retweet`;
    await get(url);
    expect((await get(url)).cache).toBe('hit');
    for (const headers of [
      { cookie: 'next-auth.session-token=abc; theme=dark' },
      { cookie: 'NEXT_LOCALE=tr; __Secure-next-auth.session-token=abc; other=1' },
      { authorization: 'Bearer abc' },
      { rsc: '1' },
      { 'next-router-prefetch': '1' },
      { 'next-action': 'abc' },
    ] as Record<string, string>[]) {
      const res = await get(url, headers);
      expect(res.cache, JSON.stringify(headers)).toBeNull();
    }
    expect((await get(`${base}/login?next=1`)).cache).toBeNull();
    const post = await fetch(url, { method: 'POST', body: 'x' });
    expect(post.headers.get('x-etk-page-cache')).toBeNull();
    // Each of those was rendered for its sender.
    expect(renders).toBe(1 + 8);
  });

  it("serves the kept page to a visitor with next-auth's CSRF and callback cookies (left after signing out), never with its session", async () => {
    const { base } = await start();
    const url = `${base}/service/retweet`;
    await get(url);
    for (const cookie of [
      'next-auth.csrf-token=abc%7Cdef; next-auth.callback-url=http%3A%2F%2Flocalhost',
      '__Host-next-auth.csrf-token=abc; __Secure-next-auth.callback-url=x',
    ]) {
      expect((await get(url, { cookie })).cache, cookie).toBe('hit');
    }
    for (const cookie of ['next-auth.csrf-token.0=a', 'x-next-auth.csrf-token=a']) {
      expect((await get(url, { cookie })).cache, cookie).toBeNull();
    }
    // A session is never served the visitor's page (it gets the signed-in shell, kept apart).
    expect((await get(url, { cookie: 'next-auth.csrf-token=a; next-auth.session-token=b' })).cache).toBe('miss');
    expect(renders).toBe(1 + 2 + 1);
  });

  // The signed-in app shell: one document for every customer, rendered without anybody's session.
  const echo: Render = (req, res, n) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.writeHead(200);
    res.end(`<html><body>render ${n} shell=${String(req.headers['x-etk-shell'])} cookie=${String(req.headers.cookie)}</body></html>`);
  };

  it('gives every signed-in customer the same shell, rendered without the session cookie', async () => {
    const { base } = await start(echo);
    const url = `${base}/service/retweet`;
    const a = await get(url, { cookie: 'NEXT_LOCALE=en; next-auth.session-token=customer-a' });
    expect([a.status, a.cache]).toEqual([200, 'miss']);
    expect(a.body).toContain('render 1 shell=member cookie=NEXT_LOCALE=en<');
    expect(a.body).not.toContain('customer-a');
    // Customer B, with a chunked session cookie and a CSRF cookie: the same document.
    const b = await get(url, { cookie: 'NEXT_LOCALE=en; __Secure-next-auth.session-token.0=customer-b; __Secure-next-auth.session-token.1=x; next-auth.csrf-token=c' });
    expect([b.cache, b.body]).toEqual(['hit', a.body]);
    // A visitor never gets the shell, and the shell never gets the visitor's page.
    const visitor = await get(url, { cookie: 'NEXT_LOCALE=en' });
    expect([visitor.cache, visitor.body]).toEqual(['miss', '<html><body>render 2 shell=undefined cookie=NEXT_LOCALE=en</body></html>']);
    expect((await get(url, { cookie: 'NEXT_LOCALE=en; next-auth.session-token=customer-c' })).body).toContain('render 1 shell=member');
    // The policy and pricing pages too, in their own entries; the session-only cookie header goes.
    const terms = await get(`${base}/en/terms`, { cookie: 'next-auth.session-token=a' });
    expect(terms.body).toBe('<html><body>render 3 shell=member cookie=undefined</body></html>');
    expect((await get(`${base}/pricing`, { cookie: 'next-auth.session-token=a' })).body).toContain('render 4 shell=member');
  });

  it('renders for the customer the pages that are not the shell, and a client never asks for the shell itself', async () => {
    const { base } = await start(echo);
    for (const path of ['/', '/en', '/login', '/forgot-password']) {
      const res = await get(`${base}${path}`, { cookie: 'next-auth.session-token=a' });
      expect(res.cache, path).toBeNull();
      expect(res.body, path).toContain('shell=undefined cookie=next-auth.session-token=a');
    }
    expect((await get(`${base}/service/retweet`, { cookie: 'next-auth.session-token=a', rsc: '1' })).body).toContain('shell=undefined cookie=next-auth.session-token=a');
    // A visitor claiming to be the shell: the header is gone before the render, and the kept
    // visitor's page is the visitor's.
    const forged = await get(`${base}/service/like`, { 'x-etk-shell': 'member' });
    expect(forged.body).toContain('shell=undefined');
    expect((await get(`${base}/service/like`)).body).toBe(forged.body);
    // Also on a request the cache does not keep.
    expect((await get(`${base}/panel`, { 'x-etk-shell': 'member' })).body).toContain('shell=undefined');
  });

  it('serves a visitor from an ad or newsletter link the kept page, rendered as the bare path', async () => {
    const seen: string[] = [];
    const { base } = await start((req, res, n) => {
      seen.push(req.url!);
      page(req, res, n);
    });
    const url = `${base}/en/service/retweet`;
    const first = await get(`${url}?utm_source=google&utm_medium=cpc&gclid=Cj0KCQ`);
    expect(first.cache).toBe('miss');
    expect(seen).toEqual(['/en/service/retweet']);
    for (const query of ['', '?fbclid=IwAR2x', '?utm_campaign=black-friday&utm_content=a%20b', '?msclkid=1&_gl=1*abc', '?srsltid=AfmBOo', '?igsh=MXh2&ref_src=twsrc', '?hsa_cam=1&_hsenc=p2', '?']) {
      const res = await get(url + query);
      expect(res.cache, query).toBe('hit');
      expect(res.body).toBe(first.body);
    }
    // The language switch goes to the proxy (a redirect), a client navigation to Next: rendered
    // for its request, with its query, and not kept.
    for (const query of ['?lng=de', '?r=1&lng=en', '?_rsc=1x2y']) {
      const res = await get(url + query);
      expect(res.cache, query).toBeNull();
      expect(seen.at(-1)).toBe(`/en/service/retweet${query}`);
    }
    expect(cacheablePath('/login?utm_source=x')).toBe('/login');
    expect(cacheablePath('/login')).toBe('/login');
  });

  it('serves the kept page whatever the query of a page that reads none, so a made-up parameter cannot force a render', async () => {
    const seen: string[] = [];
    const { base } = await start((req, res, n) => {
      seen.push(req.url!);
      page(req, res, n);
    });
    const first = await get(`${base}/de/service/retweet?r=1`);
    expect(first.cache).toBe('miss');
    expect(seen).toEqual(['/de/service/retweet']);
    for (const query of ['?r=2', '?x=' + 'a'.repeat(500), '?utm=1&ref=partner', '?UTM_SOURCE=x', '?hsa=1', '?', '']) {
      const res = await get(`${base}/de/service/retweet${query}`);
      expect(res.cache, query).toBe('hit');
      expect(res.body).toBe(first.body);
    }
    expect(renders).toBe(1);
    for (const bare of ['/', '/en', '/pricing', '/en/status', '/de/privacy', '/terms', '/en/cookies', '/subscription-policy', '/forgot-password', '/en/service/like']) {
      expect(cacheablePath(`${bare}?page=2&q=a`), bare).toBe(bare);
      expect(cacheablePath(`${bare}?lng=en`), bare).toBeUndefined();
    }
    // The login page reads its query (where to go after signing in): only campaign tags are dropped.
    for (const query of ['?r=1', '?callbackUrl=%2Fpanel', '?tab=register&utm_source=x', '?utm=1', '?SRSLTID=x']) {
      expect(cacheablePath(`/en/login${query}`), query).toBeUndefined();
      const res = await get(`${base}/en/login${query}`);
      expect(res.cache, query).toBeNull();
      expect(seen.at(-1)).toBe(`/en/login${query}`);
    }
    expect(cacheablePath('/en/login?gclid=1&utm_medium=cpc')).toBe('/en/login');
  });

  it('keeps whatever the query only pages whose code reads no query parameter', () => {
    // QUERY_FREE_PAGE's promise, checked on the source: none of its pages reads searchParams, and
    // the only client components that read the query do it in event handlers (the language
    // picker keeps it on a switch), live in the panel, or read it in an effect after the kept page
    // has loaded (the service workspace's `?repeat=`, issue #36 item 4: it asks the API for the
    // customer's order, so the document stays the same for everyone); a new reader must be checked against the page cache.
    const appDir = path.join(process.cwd(), 'app/[locale]');
    const pages = ['page.tsx', 'pricing/page.tsx', 'status/page.tsx', '(sign-in)/forgot-password/page.tsx', 'service/[service]/page.tsx', ...['privacy', 'terms', 'cookies', 'subscription-policy'].map((p) => `(policies)/${p}/page.tsx`)];
    for (const file of pages) {
      const source = fs.readFileSync(path.join(appDir, file), 'utf8');
      expect(source, file).not.toMatch(/searchParams|useSearchParams/);
    }
    const readers = execFileSync('grep', ['-rlE', 'useSearchParams|searchParams', 'components', 'app/[locale]/layout.tsx', 'app/layout.tsx'], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(readers).toEqual(['components/layout/language-picker-full.tsx', 'components/panel/statistics-view.tsx', 'components/service/service-workspace.tsx']);
  });

  it('caches only the public pages', async () => {
    const { base } = await start();
    for (const path of ['/panel', '/rooting', '/admin-login', '/reset-password', '/api/platformlar', '/service/retweet/x', '/enx', '/pricing/x', '/status/x']) {
      await get(base + path);
      expect((await get(base + path)).cache, path).toBeNull();
    }
    for (const path of ['/', '/en', '/de/', '/pricing', '/en/pricing', '/status', '/de/status', '/service/new_tweet', '/de/service/like', '/en/terms', '/cookies', '/subscription-policy', '/login', '/de/forgot-password']) {
      await get(base + path);
      expect((await get(base + path)).cache, path).toBe('hit');
    }
  });

  it('keeps one answer per language cookie, Accept-Language, host and crawler class', async () => {
    const { base } = await start();
    const url = `${base}/service/retweet`;
    const variants: Record<string, string>[] = [
      {},
      { cookie: 'NEXT_LOCALE=de' },
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'x-forwarded-host': 'example.com' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
    ];
    for (const [i, headers] of variants.entries()) {
      const first = await get(url, headers);
      expect(first.body, JSON.stringify(headers)).toContain(`render ${i + 1} `);
    }
    for (const [i, headers] of variants.entries()) {
      const again = await get(url, headers);
      expect(again.cache).toBe('hit');
      expect(again.body).toContain(`render ${i + 1} `);
    }
    // Two ordinary browsers share the entry.
    expect((await get(url, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' })).body).toContain('render 1 ');
  });

  it('never keeps a redirect, an error, a non-HTML answer or one that sets another cookie', async () => {
    const answers: Render[] = [
      (_q, res) => res.writeHead(307, { location: '/en/service/retweet' }).end(),
      (_q, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('boom'),
      (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      (_q, res, n) => {
        res.setHeader('set-cookie', ['NEXT_LOCALE=tr; Path=/', 'other=1; Path=/']);
        res.writeHead(200, { 'content-type': 'text/html' }).end(`render ${n}`);
      },
    ];
    for (const render of answers) {
      const { base } = await start(render);
      await get(`${base}/service/retweet`);
      expect((await get(`${base}/service/retweet`)).cache).toBe('miss');
      expect(renders).toBe(2);
      server!.closeAllConnections();
      await new Promise<void>((r) => server!.close(() => r()));
      server = undefined;
    }
  });

  it('replays the language cookie the render set for the same request', async () => {
    const { base } = await start((_q, res, n) => {
      res.setHeader('set-cookie', 'NEXT_LOCALE=tr; Path=/; Max-Age=31536000; SameSite=lax');
      res.writeHead(200, { 'content-type': 'text/html' }).end(`render ${n}`);
    });
    await get(`${base}/service/retweet`);
    const hit = await get(`${base}/service/retweet`);
    expect(hit.cache).toBe('hit');
    expect(hit.headers.get('set-cookie')).toBe('NEXT_LOCALE=tr; Path=/; Max-Age=31536000; SameSite=lax');
  });

  it('does not keep a page whose render started before a change, and drops the oldest when full', async () => {
    let release: (() => void) | undefined;
    const { base, cache } = await start(
      (req, res, n) => {
        const send = () => res.writeHead(200, { 'content-type': 'text/html' }).end(`render ${n}`);
        if (req.url === '/terms' && n === 1) release = send;
        else send();
      },
      { maxEntries: 2 },
    );
    const slow = get(`${base}/terms`);
    await new Promise((r) => setTimeout(r, 50));
    publicContentChanged(); // an admin saves while the old page is being rendered
    release!();
    expect((await slow).body).toBe('render 1');
    expect((await get(`${base}/terms`)).body).toBe('render 2');
    await get(`${base}/privacy`);
    await get(`${base}/cookies`);
    expect(cache.size()).toBe(2);
    expect((await get(`${base}/terms`)).cache).toBe('miss');
  });

  it('is off with a TTL of 0', async () => {
    const { base } = await start(page, { ttlMs: 0 });
    await get(`${base}/service/retweet`);
    expect((await get(`${base}/service/retweet`)).cache).toBeNull();
  });

  it('keeps an expired render for an outage: served stale, never after a content change, never to a session', async () => {
    let clock = 0;
    let outage = false;
    let failing = false;
    renders = 0;
    const cache = createPageCache({ ttlMs: 5000, now: () => clock });
    // As in server.ts: while the database is away, a kept render or else a 503.
    server = createServer((req, res) => {
      const render = () => (failing ? void res.writeHead(500).end('error') : page(req, res, ++renders));
      if (!outage) return cache.handle(req, res, render);
      if (!cache.serveStale(req, res)) res.writeHead(503).end('outage');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await get(`${base}/service/retweet`);
    await get(`${base}/privacy`);
    // A signed-in customer's shell is kept too, but not for an outage.
    await get(`${base}/service/retweet`, { cookie: 'next-auth.session-token=x' });
    clock += 60_000; // long expired
    // The first seconds of an outage, before the node calls the database down: a render fails,
    // and the expired page stays for what follows.
    failing = true;
    expect((await get(`${base}/service/retweet`)).status).toBe(500);
    failing = false;
    outage = true;
    const kept = await get(`${base}/service/retweet`);
    expect([kept.status, kept.cache]).toEqual([200, 'stale']);
    expect(kept.body).toContain('render 1');
    expect(Number(kept.headers.get('content-length'))).toBe(Buffer.byteLength(kept.body));
    // Never rendered, a session's request, or a request the cache never answers: no kept page.
    expect((await get(`${base}/terms`)).status).toBe(503);
    expect((await get(`${base}/service/retweet`, { cookie: 'next-auth.session-token=x' })).status).toBe(503);
    expect((await get(`${base}/service/retweet`, { rsc: '1' })).status).toBe(503);
    // Back: the expired render is replaced by a new one, not served as fresh.
    outage = false;
    const back = await get(`${base}/service/retweet`);
    expect([back.cache, back.body.includes('render 4')]).toEqual(['miss', true]);
    // A render from before a content change is not served even in an outage.
    publicContentChanged();
    outage = true;
    expect((await get(`${base}/privacy`)).status).toBe(503);
    expect((await get(`${base}/service/retweet`)).status).toBe(503);
  });

  it('builds no key for requests it must not answer from memory', () => {
    const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers }) as unknown as IncomingMessage;
    expect(pageCacheKey(req('/service/retweet'))).toBeDefined();
    expect(pageCacheKey(req('/service/retweet', {}, 'HEAD'))).toBeUndefined();
    expect(pageCacheKey(req('/service/../panel'))).toBeUndefined();
    expect(pageCacheKey(req('/fr/service/retweet'))).toBeUndefined();
    expect(pageCacheKey(req('/service/retweet', { cookie: 'NEXT_LOCALE=en' }))).not.toBe(pageCacheKey(req('/service/retweet')));
  });
});
