import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * The build's browser files (/_next/static/…: scripts, styles, the icon), served by server.ts
 * from memory with the compressed copies the build made (scripts/prepare-static.mjs), instead of
 * by Next.js (issue #19, docs/benchmarks.md "Eighth round"). Through Next.js each file is read
 * and compressed again on every request: 39 ms of the node's one thread for the eleven files of
 * a first /service/retweet in Brotli at quality 5 (server/compress.ts), 32 ms when Next.js
 * gzipped them itself (bench/bench-static.mjs; 2.8 ms here), time other pages' renders wait
 * behind, and a larger file than the build's quality 11. Here a
 * file is read once, answered in Brotli, gzip or as it is (Accept-Encoding), with the headers
 * Next.js sends (immutable for a year: the names change with the content) and an ETag. Only
 * files the build made are known (the folder is listed at start): anything else, and any other
 * method, goes on to Next.js. The security headers are set by server.ts before this runs.
 */

export const STATIC_PREFIX = '/_next/static/';
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer in, of those available: Brotli, then gzip, then none (RFC 9110 §12.5.3:
 * a coding with q=0 is refused, `*` stands for any coding not named; `identity` is always
 * acceptable unless refused by name or by `*;q=0`).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? (coding === 'identity' ? 1 : 0);
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    if (available.includes(coding) && weight(coding) > 0) return coding;
  }
  return null;
}

type Asset = { type: string; etag: string; bodies: Partial<Record<Encoding, Buffer>> };

/** The files under `dir` (the build's `static` folder), answered at STATIC_PREFIX. */
export function createStaticAssets(dir: string) {
  const known = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name) && TYPES[path.extname(entry.name)]) {
        known.set(STATIC_PREFIX + path.relative(dir, full).split(path.sep).join('/'), full);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  const loaded = new Map<string, Asset>();

  function load(urlPath: string): Asset | undefined {
    const cached = loaded.get(urlPath);
    if (cached) return cached;
    const file = known.get(urlPath);
    if (!file) return undefined;
    const ext = path.extname(file);
    const identity = fs.readFileSync(file);
    const bodies: Asset['bodies'] = { identity };
    // The copies the build made (scripts/prepare-static.mjs says which kinds of file get them).
    for (const [coding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (fs.existsSync(file + suffix)) bodies[coding] = fs.readFileSync(file + suffix);
    }
    const asset = { type: TYPES[ext]!, etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, bodies };
    loaded.set(urlPath, asset);
    return asset;
  }

  return {
    /** How many files are known. */
    size: known.size,
    /** Answers the request when it is a GET or HEAD of a known file; false leaves it to Next.js. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(STATIC_PREFIX)) return false;
      const q = req.url.indexOf('?');
      const asset = load(q < 0 ? req.url : req.url.slice(0, q));
      if (!asset) return false;
      const compressible = asset.bodies.br !== undefined || asset.bodies.gzip !== undefined;
      res.setHeader('cache-control', CACHE_CONTROL);
      res.setHeader('etag', asset.etag);
      if (compressible) res.setHeader('vary', 'Accept-Encoding');
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      const encoding = chooseEncoding(req.headers['accept-encoding'], Object.keys(asset.bodies) as Encoding[]);
      if (!encoding) {
        res.statusCode = 406;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('Not Acceptable');
        return true;
      }
      const body = asset.bodies[encoding]!;
      res.statusCode = 200;
      res.setHeader('content-type', asset.type);
      if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
