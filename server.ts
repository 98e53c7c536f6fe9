import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import next from 'next';
import { env, internalUrl } from '@/env';
import { closeDb, getDbHandle } from '@/db/client';
import { seed } from '@/db/seed';
import { logger } from '@/lib/logger';
import { attachSocketServer, closeSocketServer } from '@/lib/realtime/attach';
import { setIo } from '@/lib/realtime/emit';
import { fromAcceptLanguage } from '@/lib/i18n/locale-from-request';
import { translate } from '@/lib/i18n/translate';
import { startBackground, type Background } from '@/server/background';
import { isSimProviderPath, serveSimProvider } from '@/lib/provider/sim';
import { createPageCache } from '@/server/page-cache';

/**
 * The one process (ARCHITECTURE.md "One process, four doors"): Next.js, Socket.IO on the same
 * HTTP server, and the background work (order worker). Nothing else listens.
 */
const dev = process.argv.includes('--dev');
const MAX_BODY_BYTES = 1024 * 1024;

async function main(): Promise<void> {
  const started = Date.now();
  // The database is opened, migrated and seeded before the first request.
  const handle = await getDbHandle();
  const seeded = await seed(handle.db, {
    baseUrl: internalUrl(),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    demo: env.SEED_DEMO === '1',
  });
  for (const account of seeded.created) {
    // Printed once, at the start that created the account; never logged again.
    const note = account.generated ? ' (generated; change it after logging in)' : '';
    process.stdout.write(`\n  ${account.role === 'admin' ? 'Admin' : 'Demo customer'}: ${account.email} / ${account.password}${note}\n`);
  }

  // Next builds its internal URLs from this name; it must be 'localhost' for proxy rewrites to stay
  // internal (vercel/next.js#94342), whatever address the server listens on.
  const app = next({ dev, hostname: 'localhost', port: env.PORT, dir: process.cwd() });
  const handleRequest = app.getRequestHandler();
  await app.prepare();
  const handleUpgrade = dev ? app.getUpgradeHandler() : undefined;

  // Rendered public pages for visitors, kept a few seconds (server/page-cache.ts).
  const pageCache = createPageCache({ ttlMs: dev ? 0 : env.PAGE_CACHE_SECONDS * 1000 });
  const server = createServer((req, res) => {
    if (tooLarge(req)) return refuse413(req, res);
    // The simulated fulfilment provider the seed's endpoint URLs point at (docs/provider-api.md).
    if (isSimProviderPath(req.url)) return serveSimProvider(req, res);
    // The socket's peer address for per-IP rate limits (lib/rate-limit clientIp); a client-sent value is replaced.
    req.headers['x-etk-peer'] = req.socket.remoteAddress ?? '';
    pageCache.handle(req, res, () => void handleRequest(req, res));
  });
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/socket.io/')) return; // Socket.IO answers these itself.
    if (handleUpgrade) void handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  const io = attachSocketServer(server, handle.db, { databaseUrl: env.DATABASE_URL });
  const background: Background = await startBackground(handle, { worker: env.WORKER === '1' });

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  logger.info({ url: `http://${env.HOST}:${env.PORT}`, db: handle.kind, ms: Date.now() - started, dev }, 'server ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await background.stop();
      await closeSocketServer(io);
      setIo(undefined);
      server.closeAllConnections();
      await closeDb();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function tooLarge(req: IncomingMessage): boolean {
  return !!req.url?.startsWith('/api/') && Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
}

function refuse413(req: IncomingMessage, res: ServerResponse): void {
  const locale = fromAcceptLanguage(req.headers['accept-language'] ?? null) ?? 'tr';
  const mesaj = translate(locale, 'Errors.PAYLOAD_TOO_LARGE') ?? 'Payload too large';
  res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ success: false, mesaj, code: 'PAYLOAD_TOO_LARGE' }));
  req.resume();
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'server failed to start');
  process.exit(1);
});
