import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_MIN_BYTES, fail, MAX_BODY_BYTES, type RouteHandler } from '@/app/api/_lib/route';
import { POST as v2 } from '@/app/api/v2/route';
import { SEND_ROUTES } from '@/app/api/_lib/platform-routes';
import { GET as viewer } from '@/app/api/users/me/viewer/route';
import { BROTLI_QUALITY } from './compress';
import { chooseEncoding } from './static-assets';

/*
 * The busiest API routes, served by server.ts without Next.js's request handling (issue #19).
 * Next.js spends about 1 ms of the node's one thread on every route handler request before our
 * code runs (a bare handler answers ~1,000 req/s where plain Node answers 40,000), which was a
 * third of a send and of a reseller `status`. These are the very handlers Next.js serves at the
 * same paths (app/api/…/route.ts and the registry's sends, each made by the one route wrapper with its auth level): the
 * reseller protocol, every send, and the app shell's viewer. Only the plumbing differs, and it is kept the same: the
 * security headers are set by server.ts before any dispatch, the body limit is the wrapper's,
 * and answers of 1 KB or more are compressed (Brotli, else gzip) for clients that accept it, as
 * server/compress.ts does for Next.js's.
 * Everything else, and these paths with any other method, goes to Next.js. `DIRECT_ROUTES=0`
 * turns this off (server.ts), e.g. to measure the difference.
 */
export const DIRECT_ROUTES: Readonly<Record<string, RouteHandler>> = {
  'POST /api/v2': v2,
  // Every send of every platform in the registry (app/api/_lib/platform-routes.ts).
  ...Object.fromEntries([...SEND_ROUTES].map(([path, handler]) => [`POST ${path}`, handler])),
  // What the signed-in app shell asks once per page (server/page-cache.ts).
  'GET /api/users/me/viewer': viewer,
};

/** The handler for this request, when it is one of the direct routes. */
export function directRoute(method: string | undefined, url: string | undefined): RouteHandler | undefined {
  if (!url || !method) return undefined;
  const q = url.indexOf('?');
  return DIRECT_ROUTES[`${method} ${q < 0 ? url : url.slice(0, q)}`];
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Brotli at the quality server/compress.ts gives Next.js's answers. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/**
 * Serves one request with a direct route's handler: the Node request as a Fetch `Request` (its
 * body read up to one byte past the wrapper's limit, so the wrapper answers 413 as it does under
 * Next.js), the handler's `Response` written back.
 */
export async function serveDirect(handler: RouteHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let request: Request | undefined;
  try {
    const read = await readBody(req);
    // The client went away before its body was sent: nobody to answer.
    if (!read) return;
    const { body, complete } = read;
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    // Headers server.ts set on the request itself (the peer address, the nonce) are not raw headers.
    for (const name of ['x-etk-peer', 'x-nonce', 'content-security-policy']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    request = new Request(requestUrl(req), { method: req.method, headers, body: body.length > 0 ? new Uint8Array(body) : undefined });
    const response = await handler(request, { params: Promise.resolve({}) });
    await writeResponse(req, res, response, complete);
  } catch (err) {
    if (res.headersSent) {
      res.destroy(err as Error);
      return;
    }
    // The wrapper catches what its handler throws; this is for the plumbing around it.
    await writeResponse(req, res, fail(err, request ?? new Request('http://localhost/', { headers: { 'accept-language': req.headers['accept-language'] ?? '' } })), true);
  }
}

function requestUrl(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).href;
  } catch {
    return new URL(req.url ?? '/', 'http://localhost').href;
  }
}

/**
 * The body, at most MAX_BODY_BYTES + 1 bytes; `complete` is false when more was left unread, and
 * the answer is null when the client closed the connection before the end of its body.
 */
function readBody(req: IncomingMessage): Promise<{ body: Buffer; complete: boolean } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        resolve({ body: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1), complete: false });
      }
    };
    const onEnd = () => resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), complete: true });
    req.on('data', onData);
    req.on('end', onEnd);
    // A broken or closed connection before the end: after 'end' (or the limit) these change nothing.
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(null));
  });
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, complete: boolean): Promise<void> {
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (body.length >= COMPRESS_MIN_BYTES && !/no-transform/i.test(cacheControl) && !response.headers.has('content-encoding')) {
    res.setHeader('vary', 'Accept-Encoding');
    // As for Next.js's answers (server/compress.ts): Brotli when the client takes it, else gzip.
    const encoding = chooseEncoding(req.headers['accept-encoding'], ['br', 'gzip', 'identity']);
    if (encoding === 'br' || encoding === 'gzip') {
      body = encoding === 'br' ? await brotliAsync(body, BROTLI) : await gzipAsync(body);
      res.setHeader('content-encoding', encoding);
    }
  }
  res.setHeader('content-length', body.length);
  // A body left unread (over the limit) is not drained: the connection ends with this answer.
  if (!complete) res.setHeader('connection', 'close');
  res.end(body);
}
