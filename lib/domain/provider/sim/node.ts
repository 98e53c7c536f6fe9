import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleSim } from './simulator';

export const SIM_PREFIX = '/sim-provider/';
const MAX_BODY = 1024 * 1024;

/**
 * Serves the simulated provider on a Node HTTP server (server.ts answers /sim-provider/* with it
 * before Next.js; tests mount it on a server of their own). It answers direct loopback callers only.
 */
export function serveSimProvider(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end('{"error":"too_large"}');
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (res.writableEnded) return;
    const remote = req.socket.remoteAddress ?? '';
    // A request relayed by a reverse proxy on this host also comes from loopback: it carries a
    // forwarding header, which our own provider client never sends.
    const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.headers[h] !== undefined);
    const loopback = !proxied && (remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1');
    if (!loopback) {
      // The seed points the endpoints at 127.0.0.1: nobody else has business here.
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not_found"}');
      return;
    }
    const answer = handleSim({
      method: req.method ?? 'GET',
      path: url.pathname.slice(SIM_PREFIX.length),
      query: url.searchParams,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
      body: Buffer.concat(chunks).toString('utf8'),
      loopback,
    });
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(answer.body);
    };
    if (answer.delayMs) setTimeout(write, answer.delayMs).unref();
    else write();
  });
}

export function isSimProviderPath(url: string | undefined): boolean {
  return !!url && url.startsWith(SIM_PREFIX);
}
