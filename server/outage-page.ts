import type { IncomingMessage, ServerResponse } from 'node:http';
import { databaseDownForMs, FAIL_FAST_AFTER_MS, RETRY_AFTER_SECONDS } from '@/db/reachability';
import { fromAcceptLanguage, localeOfCookie } from '@/lib/infra/i18n/locale-from-request';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { lastKnownSiteName } from '@/lib/domain/settings/last-known';

/**
 * What a page request gets while the database is out of reach (db/reachability.ts): the
 * API routes already answer 503 at once, but a page rendered by Next.js reads the session, the
 * settings or the profiles, and failed on the first refused connection with Next's 500 page (or
 * waited, when the connection hung). Now, from the moment the database is known to be away, a
 * visitor's public page comes from the page cache as last rendered (server/page-cache.ts
 * `serveStale`); after a few seconds away any other page gets this small 503 page at once: in
 * the request's language, no script, no database, `Retry-After`, and a refresh every
 * RETRY_SECONDS so the tab comes back by itself when the database does.
 */
export const RETRY_SECONDS = 10;

/**
 * A document or a client-side navigation: a browser asking for HTML, or Next's router asking for
 * a page's RSC payload (which, answered with HTML, falls back to loading the page itself). Scripts,
 * styles, images and API calls are not pages.
 */
export function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (url.startsWith('/api/') || url.startsWith('/_next/') || url.startsWith('/socket.io/')) return false;
  if (req.headers.rsc !== undefined) return true;
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document' || dest === 'iframe';
  return String(req.headers.accept ?? '').includes('text/html');
}

function isSitemapRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && /^\/sitemap\.xml(?:\?|$)/.test(req.url ?? '');
}

/** The page's language: its path's prefix, then the language cookie, then Accept-Language. */
export function outageLocale(req: IncomingMessage): Locale {
  const prefix = /^\/([a-z]{2})(?:[/?#]|$)/.exec(req.url ?? '')?.[1];
  if (prefix && isLocale(prefix)) return prefix;
  return localeOfCookie(req.headers.cookie) ?? fromAcceptLanguage(req.headers['accept-language'] ?? null) ?? defaultLocale;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function outageHtml(locale: Locale, siteName: string = lastKnownSiteName() || (translate(locale, 'Meta.siteName') ?? '')): string {
  const t = (key: string) => escapeHtml(translate(locale, `Outage.${key}`) ?? key);
  const site = escapeHtml(siteName);
  // An empty href is this page's own address: the retry keeps the path and query without echoing them.
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_SECONDS}">
<title>${site} – ${t('title')}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f7fc;color:#16132d}
main{max-width:28rem;margin:1rem;padding:1.5rem;border:1px solid #e4e2f0;border-radius:1rem;background:#fff}
h1{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 1rem;color:#514e6b}
.site{margin:0 0 .75rem;font-weight:700;color:#4f46e5;letter-spacing:.01em}
a{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border-radius:.625rem;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#e8e8f4}main{background:#141b31;border-color:#2d3554}p{color:#a7abc6}.site{color:#a5a0ff}}
</style>
</head>
<body>
<main role="alert">
<p class="site">${site}</p>
<h1>${t('title')}</h1>
<p>${t('body')}</p>
<p>${t('autoRetry')}</p>
<a href="">${t('retry')}</a>
</main>
</body>
</html>
`;
}

/**
 * A 503 with Retry-After that no cache keeps (no body to a HEAD). `out`: the response's own
 * writeHead and end, for a response whose methods are wrapped (outagePageForFailedRender).
 */
function refuse(req: IncomingMessage, res: ServerResponse, type: string, text: string, out: Pick<ServerResponse, 'writeHead' | 'end'> = res): void {
  const body = Buffer.from(text);
  const head = { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) };
  (out.writeHead as (this: ServerResponse, status: number, headers: typeof head) => ServerResponse).call(res, 503, head);
  (out.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse).call(res, req.method === 'HEAD' ? undefined : body);
}

/** Answers a page request with the outage page. */
export function serveOutagePage(req: IncomingMessage, res: ServerResponse): void {
  refuse(req, res, 'text/html; charset=utf-8', outageHtml(outageLocale(req)));
}

/**
 * server.ts asks this before a page goes to Next.js. While the database is known to be away, a
 * visitor's public page comes from the page cache however old (a render would wait for the
 * database, or fail); once it has been away for FAIL_FAST_AFTER_MS, any other page gets the
 * outage page. True when the request was answered here.
 */
export function answeredDuringOutage(
  req: IncomingMessage,
  res: ServerResponse,
  cache: { serveStale(req: IncomingMessage, res: ServerResponse): boolean },
  downForMs: number = databaseDownForMs(),
): boolean {
  if (downForMs === 0) return false;
  // The sitemap reads the active platforms: a crawler gets the status that says "come back",
  // not a 500 (robots.txt reads nothing from the database and is left alone).
  if (isSitemapRequest(req)) {
    if (downForMs < FAIL_FAST_AFTER_MS) return false;
    refuse(req, res, 'text/plain; charset=utf-8', 'Service temporarily unavailable\n');
    return true;
  }
  if (!isPageRequest(req)) return false;
  if (cache.serveStale(req, res)) return true;
  if (downForMs < FAIL_FAST_AFTER_MS) return false;
  serveOutagePage(req, res);
  return true;
}

type Args = unknown[];

/**
 * A page whose render failed in the first seconds of an outage, before the node knew of it: Next.js
 * answered its `500` error page (1 page in ~70 in a 35 s outage, bench/outage.mjs). server.ts calls
 * this for every page request it hands to Next.js (not for one the page cache answers): an answer of status 500 or more is held back (its
 * head, chunks and end) until `databaseAway` says why. The database not answering gets the outage
 * page instead (503, the request's language, Retry-After); a fault of the page's own gets Next's
 * answer as it was. Any other answer passes straight through, streamed as before.
 */
export function outagePageForFailedRender(req: IncomingMessage, res: ServerResponse, databaseAway: () => Promise<boolean>): void {
  if (!isPageRequest(req)) return;
  const { writeHead, write, end, flushHeaders } = res;
  let held: { head?: Args; chunks: Args[] } | undefined;
  let decided = false;
  const holds = (status: number) => !decided && (held !== undefined || (status >= 500 && !res.headersSent));
  const hold = () => (held ??= { chunks: [] });

  res.writeHead = function (this: ServerResponse, ...args: Args) {
    if (!holds(Number(args[0]))) return (writeHead as (...a: Args) => ServerResponse).apply(this, args);
    hold().head = args;
    return this;
  } as ServerResponse['writeHead'];
  res.flushHeaders = function (this: ServerResponse) {
    if (!holds(this.statusCode)) flushHeaders.call(this);
  };
  res.write = function (this: ServerResponse, ...args: Args) {
    if (!holds(this.statusCode)) return (write as (...a: Args) => boolean).apply(this, args);
    hold().chunks.push(args);
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: Args) {
    if (!holds(this.statusCode)) return (end as (...a: Args) => ServerResponse).apply(this, args);
    const kept = hold();
    decided = true;
    void databaseAway()
      .catch(() => true)
      .then((away) => {
        if (away) {
          // Next's headers for its own body (compressed, its length) do not fit the outage page.
          for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'etag']) res.removeHeader(name);
          // Written with the methods as they were before Next.js (and its compression) wrapped
          // them; the page cache's recorder, under them, keeps no answer but a 200.
          refuse(req, res, 'text/html; charset=utf-8', outageHtml(outageLocale(req)), { writeHead, end });
          return;
        }
        if (kept.head) (writeHead as (...a: Args) => ServerResponse).apply(res, kept.head);
        for (const chunk of kept.chunks) (write as (...a: Args) => boolean).apply(res, chunk);
        (end as (...a: Args) => ServerResponse).apply(res, args);
      });
    return this;
  } as ServerResponse['end'];
}
