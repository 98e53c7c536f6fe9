import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
// Next's own rule for which crawlers get the fully rendered (non-streamed) HTML; the cache key
// follows it so a bot never receives a browser's response or the other way round.
import { getBotType } from 'next/dist/shared/lib/router/utils/is-bot';
import { publicGeneration } from '@/lib/infra/cache/public-content';
import { locales } from '@/lib/infra/i18n/routing';

/**
 * A few-seconds cache of the rendered public pages for visitors (docs/benchmarks.md), in front of
 * Next.js the way a reverse proxy's micro-cache would be. The service and policy pages depend only
 * on the language, the active platforms, the profile list and the site settings, never on who asks
 * when nobody is logged in; rendering them (about 60 profile cards and the message catalogue) was
 * the most expensive request of the site. Only these are kept:
 *
 * - GET of a service, policy, pricing, storefront or forgotten-password page, whatever its query
 *   string: none of these pages reads one (QUERY_FREE_PAGE; page-cache.test.ts checks their
 *   source), so the request is rendered (and kept) as the bare path, the way a CDN that ignores the
 *   query string serves a static page, while the browser's address keeps the query for the site's
 *   own analytics. This also means a made-up parameter cannot force a render per request. Two
 *   parameters are not the page's and still go to Next: `lng` (the proxy's language switch, a
 *   redirect) and `_rsc` (a client navigation);
 * - GET of the login page (which reads its query) without a query string or with only the
 *   parameters ad and analytics tools add to a link (`utm_*`, `gclid`, `fbclid` …, see
 *   TRACKING_PARAMS); any other parameter is rendered for its request;
 * - no cookie but the language cookie and next-auth's CSRF and callback cookies (UNREAD_COOKIE),
 *   no Authorization header, no client-side navigation headers (RSC, prefetch, server actions);
 * - with next-auth's session cookie as well, on a service, pricing or policy page only: the
 *   signed-in *app shell*, kept under its own key (`member`) and rendered without the session
 *   cookie and with MEMBER_SHELL_HEADER, so it holds nothing of any customer; the page fetches the
 *   account's parts (GET /api/users/me/viewer) once it has loaded. Every other page, and every
 *   client-side navigation, is rendered for its customer;
 * - answered 200 text/html, setting no cookie but the language cookie.
 *
 * The key holds every request part the response depends on: path, host and forwarded host/proto
 * (alternate links), the language cookie and Accept-Language (locale detection and the language
 * cookie in the answer), Accept-Encoding (the body is kept compressed as sent), and Next's bot
 * class of the User-Agent. An entry is served for `ttlMs`, and never again once an admin change or
 * a profile sync in this process calls publicContentChanged(); other nodes see changes within
 * `ttlMs`. An expired entry is kept until a new render replaces it (or the size bound drops it):
 * while the database is out of reach, server.ts serves it rather than no page (`serveStale`).
 */
export type PageCacheOptions = { ttlMs: number; maxEntries?: number; maxBytes?: number; now?: () => number };

type Entry = { at: number; generation: number; status: number; headers: OutgoingHttpHeaders; body: Buffer };

const PREFIX = `(?:/(?:${locales.join('|')}))?`;
// The storefront (`/`, `/en`, `/de`) and /pricing too: a visitor's first page (a signed-in user has a session cookie and is never served from here);
// /status (issue #38) as well: the same figures for everyone.
const PUBLIC_PAGE = new RegExp(`^${PREFIX}(?:/service/[a-z_]+|/pricing|/status|/privacy|/terms|/cookies|/subscription-policy|/login|/forgot-password)?/?$`);
/** The public pages that read no query parameter (all but /login, whose query says where to go after signing in). */
export const QUERY_FREE_PAGE = new RegExp(`^${PREFIX}(?:/service/[a-z_]+|/pricing|/status|/privacy|/terms|/cookies|/subscription-policy|/forgot-password)?/?$`);
/** Query parameters read before the page: the proxy's language switch and Next's client-navigation marker. */
const ROUTING_PARAMS = new Set(['lng', '_rsc']);
const NAVIGATION_HEADERS = ['authorization', 'rsc', 'next-action', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'range'];
const LANGUAGE_COOKIE = 'NEXT_LOCALE';
/** next-auth's session cookie (split into `.0`, `.1` … when large): a signed-in customer. */
const SESSION_COOKIE = /^(?:__Secure-)?next-auth\.session-token(?:\.\d{1,2})?$/;
/**
 * The pages a signed-in customer gets as the app shell (docs/decisions.md "The app shell"): the
 * service, pricing and policy pages, whose only personal parts are the header's account menu, the
 * footer's help form and the service page's limits, balance and socket token. The storefront sends
 * a customer to /panel, and the sign-in pages are not for them.
 */
const MEMBER_SHELL_PAGE = new RegExp(`^${PREFIX}(?:/service/[a-z_]+|/pricing|/status|/privacy|/terms|/cookies|/subscription-policy)/?$`);
/**
 * The request header that asks the layout for the signed-in shell. Only the cache sets it, on a
 * request whose session cookie it has removed; one sent by a client is deleted before anything
 * reads it, so a visitor can never have a signed-in document kept under a visitor's key.
 */
export const MEMBER_SHELL_HEADER = 'x-etk-shell';
/**
 * next-auth's CSRF token and callback address, which only its own /api/auth endpoints read: a
 * visitor keeps them after signing out (signOut asks for a CSRF token first), and is a visitor
 * again for the pages. The session cookie is not one of them.
 */
const UNREAD_COOKIE = /^(?:__Host-|__Secure-)?next-auth\.(?:csrf-token|callback-url)$/;
/**
 * Parameters set by whoever made the link (campaign tags, ad networks' click ids, the share
 * links of the platforms, the id Google adds to search results), never read by a page of this
 * site: a visitor from an ad, a newsletter, a shared link or a search result gets the kept page
 * (issue #19).
 */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'srsltid',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'igsh',
  'rdt_cid',
  'epik',
  'ScCid',
  'yclid',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  '_hsenc',
  '_hsmi',
  'ref_src',
  '_ga',
  '_gl',
]);
const isTrackingParam = (name: string) => TRACKING_PARAMS.has(name) || /^(?:utm|hsa)_[a-z_]{1,20}$/.test(name);

/**
 * The path a request is rendered and kept as: its own without a query; the bare path when the page
 * reads no query (unless the query has a routing parameter) or when the query only tracks; else
 * undefined (rendered for its request).
 */
export function cacheablePath(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  if (QUERY_FREE_PAGE.test(path)) return names.some((name) => ROUTING_PARAMS.has(name)) ? undefined : path;
  return names.every(isTrackingParam) ? path : undefined;
}
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'x-etk-page-cache']);
export const PAGE_CACHE_HEADER = 'x-etk-page-cache';

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}

function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.split('=');
    if (k!.trim() === name) return v.join('=').trim();
  }
  return '';
}

/** The cache key of a request, or undefined when this request must be rendered for its sender. */
export function pageCacheKey(req: IncomingMessage): string | undefined {
  return cacheTarget(req)?.key;
}

type Target = { key: string; path: string; member: boolean };

function cacheTarget(req: IncomingMessage): Target | undefined {
  if (req.method !== 'GET' || !req.url) return undefined;
  const path = cacheablePath(req.url);
  if (path === undefined || !PUBLIC_PAGE.test(path)) return undefined;
  const h = req.headers;
  if (NAVIGATION_HEADERS.some((name) => h[name] !== undefined)) return undefined;
  const names = cookieNames(h.cookie);
  if (names.some((name) => name !== LANGUAGE_COOKIE && !UNREAD_COOKIE.test(name) && !SESSION_COOKIE.test(name))) return undefined;
  const member = names.some((name) => SESSION_COOKIE.test(name));
  if (member && !MEMBER_SHELL_PAGE.test(path)) return undefined;
  const key = [
    member ? 'member' : 'visitor',
    path,
    h.host ?? '',
    h['x-forwarded-host'] ?? '',
    h['x-forwarded-proto'] ?? '',
    cookieValue(h.cookie, LANGUAGE_COOKIE),
    h['accept-language'] ?? '',
    h['accept-encoding'] ?? '',
    getBotType(h['user-agent'] ?? '') ?? 'browser',
  ].join('\n');
  return { key, path, member };
}

/** The Cookie header without next-auth's session cookie (undefined when nothing is left). */
function withoutSession(header: string | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !SESSION_COOKIE.test(part.split('=')[0]!.trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

function onlyLanguageCookies(setCookie: OutgoingHttpHeaders['set-cookie']): boolean {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return list.every((c) => c.trim().startsWith(`${LANGUAGE_COOKIE}=`));
}

function headerObject(args: unknown[]): OutgoingHttpHeaders {
  // writeHead(status, [reason], [headers]); headers may be an object or a flat [k, v, k, v] list.
  const last = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null);
  if (!last) return {};
  if (Array.isArray(last)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < last.length; i += 2) out[String(last[i]).toLowerCase()] = last[i + 1] as string;
    return out;
  }
  return Object.fromEntries(Object.entries(last as OutgoingHttpHeaders).map(([k, v]) => [k.toLowerCase(), v]));
}

export function createPageCache({ ttlMs, maxEntries = 200, maxBytes = 2 * 1024 * 1024, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();

  const fresh = (e: Entry) => e.generation === publicGeneration() && now() - e.at < ttlMs;

  function replay(res: ServerResponse, e: Entry, how: 'hit' | 'stale' = 'hit'): void {
    res.writeHead(e.status, { ...e.headers, 'content-length': e.body.length, [PAGE_CACHE_HEADER]: how });
    res.end(e.body);
  }

  /** Records what the rest of the stack sends, and keeps it when it may be served to others. */
  function capture(res: ServerResponse, key: string): void {
    const started = { at: now(), generation: publicGeneration() };
    const chunks: Buffer[] = [];
    let bytes = 0;
    let headArgs: OutgoingHttpHeaders = {};
    const take = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      bytes += buf.length;
      if (bytes <= maxBytes) chunks.push(buf);
    };
    const { writeHead, write, end } = res;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      headArgs = { ...headArgs, ...headerObject(args) };
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.once('finish', () => {
      const headers: OutgoingHttpHeaders = { ...res.getHeaders(), ...headArgs };
      const type = String(headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/html') || bytes > maxBytes || !onlyLanguageCookies(headers['set-cookie'])) return;
      // A change during the render ends this entry at once (its generation is already old).
      for (const name of Object.keys(headers)) if (DROPPED.has(name)) delete headers[name];
      entries.delete(key);
      entries.set(key, { ...started, status: 200, headers, body: Buffer.concat(chunks) });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    });
  }

  return {
    /** Serves a kept page, or calls `render` (recording its answer when it may be kept). */
    handle(req: IncomingMessage, res: ServerResponse, render: () => void): void {
      delete req.headers[MEMBER_SHELL_HEADER];
      const target = ttlMs > 0 ? cacheTarget(req) : undefined;
      if (target === undefined) return render();
      const { key, path, member } = target;
      const hit = entries.get(key);
      if (hit && fresh(hit)) {
        // Most recently used last, so the oldest is dropped first when full.
        entries.delete(key);
        entries.set(key, hit);
        return replay(res, hit);
      }
      // An expired render stays until a new one replaces it: the last page to show while the
      // database is out of reach (serveStale). One from before a content change is dropped.
      if (hit && hit.generation !== publicGeneration()) entries.delete(key);
      res.setHeader(PAGE_CACHE_HEADER, 'miss');
      capture(res, key);
      // Rendered as the path it is kept under, so whoever gets this page later gets the same.
      req.url = path;
      if (member) {
        // The signed-in shell is rendered without the session: nothing of this customer can be
        // in a document every customer gets. The page fetches its account parts itself.
        const cookie = withoutSession(req.headers.cookie);
        if (cookie === undefined) delete req.headers.cookie;
        else req.headers.cookie = cookie;
        req.headers[MEMBER_SHELL_HEADER] = 'member';
      }
      render();
    },
    /**
     * While the database is out of reach (server/outage-page.ts): answers a request the cache may
     * serve with its last render, however old, unless the content changed since. False when there
     * is none, and the caller answers otherwise.
     */
    serveStale(req: IncomingMessage, res: ServerResponse): boolean {
      const target = ttlMs > 0 ? cacheTarget(req) : undefined;
      // A signed-in customer's shell would load with an account nobody can answer for: they get
      // the outage page, which says what is happening.
      const kept = target && !target.member && entries.get(target.key);
      if (!kept || kept.generation !== publicGeneration()) return false;
      replay(res, kept, 'stale');
      return true;
    },
    size: () => entries.size,
  };
}
