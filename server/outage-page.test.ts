import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '@/lib/infra/i18n/translate';
import { locales } from '@/lib/infra/i18n/routing';
import { FAIL_FAST_AFTER_MS } from '@/db/reachability';
import { getSiteSettings } from '@/lib/domain/settings';
import { lastKnownSiteName, rememberSiteName } from '@/lib/domain/settings/last-known';
import { createTestDb } from '@/test/fixtures/db';
import { siteSettings } from '@/db/schema';
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { createPageCache } from './page-cache';
import { answeredDuringOutage, isPageRequest, outageHtml, outageLocale, outagePageForFailedRender, RETRY_SECONDS, serveOutagePage } from './outage-page';

const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers }) as unknown as IncomingMessage;

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

describe('the outage page (database out of reach)', () => {
  it('is for documents and client navigations, not for scripts, styles, images or the API', () => {
    expect(isPageRequest(req('/service/retweet', { 'sec-fetch-dest': 'document' }))).toBe(true);
    expect(isPageRequest(req('/en/panel', { accept: 'text/html,application/xhtml+xml' }))).toBe(true);
    expect(isPageRequest(req('/de/panel/settings', { rsc: '1' }))).toBe(true);
    expect(isPageRequest(req('/', { accept: 'text/html' }, 'HEAD'))).toBe(true);
    expect(isPageRequest(req('/_next/static/chunks/a.js', { 'sec-fetch-dest': 'script' }))).toBe(false);
    expect(isPageRequest(req('/_next/static/css/a.css', { accept: 'text/html' }))).toBe(false);
    expect(isPageRequest(req('/icon.svg', { 'sec-fetch-dest': 'image', accept: 'text/html' }))).toBe(false);
    expect(isPageRequest(req('/api/health', { accept: 'text/html' }))).toBe(false);
    expect(isPageRequest(req('/socket.io/?EIO=4', { accept: 'text/html' }))).toBe(false);
    expect(isPageRequest(req('/login', { accept: 'text/html' }, 'POST'))).toBe(false);
    expect(isPageRequest(req('/sitemap.xml', { accept: '*/*' }))).toBe(false);
  });

  it("speaks the page's language: its path, then the language cookie, then Accept-Language, else Turkish", () => {
    expect(outageLocale(req('/de/panel', { cookie: 'NEXT_LOCALE=en', 'accept-language': 'tr' }))).toBe('de');
    expect(outageLocale(req('/en?x=1'))).toBe('en');
    expect(outageLocale(req('/panel', { cookie: 'a=1; NEXT_LOCALE=de', 'accept-language': 'en' }))).toBe('de');
    expect(outageLocale(req('/panel', { 'accept-language': 'fr, en;q=0.8' }))).toBe('en');
    expect(outageLocale(req('/enterprise', {}))).toBe('tr');
    expect(outageLocale(req('/fr/panel', { cookie: 'NEXT_LOCALE=xx' }))).toBe('tr');
  });

  it('is a small self-contained page in each language: no script, nothing from another host, a retry and a refresh', () => {
    for (const locale of locales) {
      const html = outageHtml(locale);
      expect(html).toContain(`<html lang="${locale}">`);
      for (const key of ['title', 'body', 'autoRetry', 'retry']) expect(html).toContain(translate(locale, `Outage.${key}`)!);
      expect(html).toContain(`<meta http-equiv="refresh" content="${RETRY_SECONDS}">`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toMatch(/<script|https?:\/\/|src=/);
      // The retry link reloads the page's own address without writing it into the page.
      expect(html).toContain('<a href="">');
    }
  });

  it('answers 503 with Retry-After, never kept by a cache, with no body to a HEAD', async () => {
    server = createServer((r, res) => serveOutagePage(r, res));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/en/service/like?<script>`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    expect(body).toContain(translate('en', 'Outage.title')!);
    expect(body).not.toContain('<script>');
    const head = await fetch(`${base}/de`, { method: 'HEAD' });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe('');
  });

  it('answers pages only while the database is away: a kept page at once, the outage page after a few seconds', async () => {
    let kept = false;
    const served: string[] = [];
    const cache = {
      serveStale: (_req: IncomingMessage, res: import('node:http').ServerResponse) => {
        if (!kept) return false;
        res.writeHead(200).end('kept');
        return true;
      },
    };
    let downForMs = 0;
    server = createServer((r, res) => {
      if (answeredDuringOutage(r, res, cache, downForMs)) return void served.push('here');
      served.push('next');
      res.writeHead(200).end('rendered');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = async (path = '/service/retweet') => {
      const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      return `${res.status} ${(await res.text()).slice(0, 8)}`;
    };
    expect(await page()).toBe('200 rendered'); // the database answers: Next renders
    downForMs = 1000; // away for a second: a kept page if there is one, else Next (the request waits)
    expect(await page()).toBe('200 rendered');
    kept = true;
    expect(await page()).toBe('200 kept');
    downForMs = FAIL_FAST_AFTER_MS; // away for seconds: the outage page when nothing is kept
    expect(await page()).toBe('200 kept');
    kept = false;
    expect(await page()).toBe('503 <!doctyp');
    expect(await page('/api/health')).toBe('200 rendered'); // the API has its own answer
    // The sitemap reads the database too: a crawler is told to come back, in plain text.
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect([sitemap.status, sitemap.headers.get('retry-after'), sitemap.headers.get('content-type')]).toEqual([503, '5', 'text/plain; charset=utf-8']);
    await sitemap.text();
    downForMs = 1000;
    expect((await fetch(`${base}/sitemap.xml`)).status).toBe(200);
    expect(served).toEqual(['next', 'next', 'here', 'here', 'here', 'next', 'here', 'next']);
  });

  it("names the site as last read from the database, escaped, else the catalogue's name", async () => {
    const t = await createTestDb();
    try {
      await t.db
        .insert(siteSettings)
        .values({ id: 1, siteAdi: 'Acme <Likes> & Co' })
        .onConflictDoUpdate({ target: siteSettings.id, set: { siteAdi: 'Acme <Likes> & Co' } });
      await getSiteSettings(t.db);
      expect(lastKnownSiteName()).toBe('Acme <Likes> & Co');
      const html = outageHtml('en');
      expect(html).toContain('<title>Acme &#60;Likes&#62; &#38; Co – ');
      expect(html).toContain('<p class="site">Acme &#60;Likes&#62; &#38; Co</p>');
      expect(html).not.toContain('<Likes>');
      rememberSiteName('');
      expect(outageHtml('de')).toContain(`<p class="site">${translate('de', 'Meta.siteName')}</p>`);
    } finally {
      await t.close();
    }
  });

  describe('a page whose render fails as the database goes away', () => {
    type Answer = (res: import('node:http').ServerResponse) => void;
    let away = true;
    let asked = 0;
    async function serve(answer: Answer) {
      server = createServer((q, res) => {
        outagePageForFailedRender(q, res, async () => {
          asked++;
          return away;
        });
        answer(res);
      });
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    const html = { accept: 'text/html', 'accept-language': 'de' };
    // The ways Next.js writes an answer: streamed with flushHeaders, or at once, or compressed.
    const streamed500: Answer = (res) => {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.flushHeaders();
      res.write('<html>Internal ');
      setTimeout(() => res.end('Server Error</html>'), 20);
    };
    const atOnce500: Answer = (res) => void res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
    const gzipped500: Answer = (res) => {
      res.writeHead(500, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      Readable.from(['<html>Internal Server Error</html>']).pipe(createGzip()).pipe(res);
    };

    it("sends the outage page instead of Next's 500 when the database does not answer", async () => {
      away = true;
      for (const answer of [streamed500, atOnce500, gzipped500]) {
        asked = 0;
        const res = await fetch(await serve(answer), { headers: { ...html, 'accept-encoding': 'gzip' } });
        expect(res.status).toBe(503);
        expect([res.headers.get('retry-after'), res.headers.get('cache-control'), res.headers.get('content-encoding')]).toEqual(['5', 'no-store', null]);
        expect(await res.text()).toBe(outageHtml('de'));
        expect(asked).toBe(1);
        await new Promise<void>((r) => server!.close(() => r()));
        server = undefined;
      }
    });

    it("keeps Next's answer as it was when the database answers (a fault of the page's own)", async () => {
      away = false;
      const streamed = await fetch(await serve(streamed500), { headers: html });
      expect([streamed.status, await streamed.text()]).toEqual([500, '<html>Internal Server Error</html>']);
      await new Promise<void>((r) => server!.close(() => r()));
      server = undefined;
      const zipped = await fetch(await serve(gzipped500), { headers: html });
      expect([zipped.status, zipped.headers.get('content-encoding'), await zipped.text()]).toEqual([500, 'gzip', '<html>Internal Server Error</html>']);
    });

    it('sits under the page cache as in server.ts: the outage page is never kept, a good render still is', async () => {
      away = true;
      asked = 0;
      let failing = true;
      const cache = createPageCache({ ttlMs: 5000 });
      server = createServer((q, res) =>
        cache.handle(q, res, () => {
          outagePageForFailedRender(q, res, async () => {
            asked++;
            return away;
          });
          (failing ? streamed500 : (r: import('node:http').ServerResponse) => void r.writeHead(200, { 'content-type': 'text/html' }).end('<html>page</html>'))(res);
        }),
      );
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/service/retweet`;
      expect((await fetch(url, { headers: html })).status).toBe(503);
      expect(cache.size()).toBe(0);
      failing = false;
      expect((await fetch(url, { headers: html })).status).toBe(200);
      const kept = await fetch(url, { headers: html });
      expect([kept.status, kept.headers.get('x-etk-page-cache'), await kept.text()]).toEqual([200, 'hit', '<html>page</html>']);
      expect(asked).toBe(1);
    });

    it('passes every other answer straight through, streamed, and leaves the API alone', async () => {
      away = true;
      asked = 0;
      let flushedEarly = false;
      const url = await serve((res) => {
        if (res.req.url === '/api/x') return void res.writeHead(500).end('api error');
        if (res.req.url === '/missing') return void res.writeHead(404).end('not found');
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('first ');
        flushedEarly = res.headersSent;
        setTimeout(() => res.end('second'), 20);
      });
      const ok = await fetch(url, { headers: html });
      expect([ok.status, await ok.text(), flushedEarly]).toEqual([200, 'first second', true]);
      expect((await fetch(`${url}/missing`, { headers: html })).status).toBe(404);
      const api = await fetch(`${url}/api/x`, { headers: html });
      expect([api.status, await api.text()]).toEqual([500, 'api error']);
      expect(asked).toBe(0);
    });
  });
});

