import 'server-only';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isAllowedClass, isBuiltInSimulator } from './address-policy';

/** Refused by the address policy (address-policy.ts); the provider client reports it as such. */
export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super('provider address not allowed');
    this.name = 'ForbiddenAddressError';
  }
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * A DNS lookup that refuses the connection when any address the name resolves to is not allowed.
 * It runs inside the connect, so the checked address is the one connected to: a name that
 * resolves to a public address for a check and to a private one a moment later (DNS rebinding)
 * cannot slip through.
 */
type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

function guardedLookup(resolve: Resolve, allowPrivate: boolean, allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !isAllowedClass(classifyAddress(a.address) ?? 'reserved', { allowPrivate, allowLoopback }));
      if (refused || list.length === 0) return (callback as (e: Error) => void)(new ForbiddenAddressError(refused?.address ?? hostname));
      if ((options as dns.LookupOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return (callback as (e: null, a: string, f: number) => void)(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The provider client's fetch: what it uses of fetch (method, headers, a string body, an abort
 * signal; redirects are not followed), over node:http with the guarded lookup. An IP literal is
 * checked before connecting (no lookup happens for it).
 */
export function createGuardedFetch(options: { allowPrivate: boolean; /** The resolver (tests); default dns.lookup. */ resolve?: Resolve }): typeof fetch {
  const resolveName: Resolve = options.resolve ?? ((hostname, o, cb) => dns.lookup(hostname, o, cb));
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const allowLoopback = isBuiltInSimulator(url);
    const literal = classifyAddress(url.hostname);
    if (literal !== undefined && !isAllowedClass(literal, { allowPrivate: options.allowPrivate, allowLoopback })) {
      throw new ForbiddenAddressError(url.hostname);
    }
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const secure = url.protocol === 'https:';
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

    return new Promise<Response>((resolve, reject) => {
      const req = (secure ? https : http).request(url, {
        method: init.method ?? 'GET',
        headers,
        agent: secure ? agents.https : agents.http,
        lookup: guardedLookup(resolveName, options.allowPrivate, allowLoopback),
      });
      const abort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', abort, { once: true });
      const done = () => signal?.removeEventListener('abort', abort);
      req.on('error', (err) => {
        done();
        reject(err);
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new Error('provider answer too large'));
          else chunks.push(chunk);
        });
        res.on('error', (err) => {
          done();
          reject(err);
        });
        res.on('end', () => {
          done();
          const status = res.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
          const empty = status === 204 || status === 205 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, headers: responseHeaders }));
        });
      });
      req.end(body);
    });
  }) as typeof fetch;
}
