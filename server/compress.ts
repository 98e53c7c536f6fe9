import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

/**
 * The compression of what Next.js answers (pages, their RSC payloads, API routes), done by
 * server.ts instead of Next.js (`compress: false` in next.config.mjs; issue #19, docs/benchmarks.md
 * "Eighth round"). Next.js's copy of the `compression` middleware only gzips; version 1.8 of the
 * same middleware also speaks Brotli, which browsers ask for: a signed-in `/service/retweet`
 * document is 25.2 KB in gzip and 21.5 KB in Brotli at quality 5, for the same CPU time (~1.7 ms
 * for its 108 KB). Quality 5 rather than the middleware's 4: 6% smaller, as fast here. Streaming
 * is kept: Next.js calls `res.flush()` after each part of a page, and the middleware flushes the
 * compressor then. Gzip for clients without Brotli, nothing for those that take neither, below
 * 1 KB or with `Cache-Control: no-transform`, as before. A client that goes away mid-answer has its
 * compressor released by the middleware itself (1.8.2), which Next.js did by hand for its copy.
 */
export const BROTLI_QUALITY = 5;
const middleware = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });

/** Wraps `res` so that what is written to it is compressed as the request accepts. */
export function compressAnswer(req: IncomingMessage, res: ServerResponse): void {
  middleware(req as Parameters<typeof middleware>[0], res as Parameters<typeof middleware>[1], () => {});
}
