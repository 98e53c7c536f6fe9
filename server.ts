import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { env, internalUrl, publicUrl, setNextAuthUrl } from '@/env';
import { startBanner } from '@/server/banner';
import { closeDb, getDbHandle } from '@/db/client';
import { seed } from '@/lib/domain/seed';
import { logger } from '@/logger';
import { attachSocketServer, closeSocketServer } from '@/server/socket-server';
import { setIo } from '@/lib/infra/realtime/emit';
import { fromAcceptLanguage } from '@/lib/infra/i18n/locale-from-request';
import { translate } from '@/lib/infra/i18n/translate';
import { startBackground, type Background } from '@/server/background';
import { isSimProviderPath, serveSimProvider } from '@/lib/domain/provider/sim';
import { createPageCache } from '@/server/page-cache';
import { createSecurityHeaders, newNonce } from '@/lib/infra/security';
import { securityConfigFromEnv } from '@/server/security-config';
import { codeCacheStats } from '@/server/code-cache';
import { directRoute, serveDirect } from '@/server/direct-routes';
import { createStaticAssets } from '@/server/static-assets';
import { compressAnswer } from '@/server/compress';
import { answeredDuringOutage, outagePageForFailedRender } from '@/server/outage-page';
import { reachableNow } from '@/db/reachability';

/**
 * The one process (ARCHITECTURE.md "One process, four doors"): Next.js, Socket.IO on the same
 * HTTP server, and the background work (order worker). Nothing else listens.
 */
const dev = process.argv.includes('--dev');
const MAX_BODY_BYTES = 1024 * 1024;

async function main(): Promise<void> {
  const started = Date.now();
  // How long each step of the start took, in the "server ready" log line (issue #19: cold start).
  // `boot`: from the process's start to here (loading the code).
  const phases: Record<string, number> = { boot: Math.round(process.uptime() * 1000) };
  let last = started;
  const phase = (name: string) => {
    const now = Date.now();
    phases[name] = now - last;
    last = now;
  };
  // Security headers for every answer (lib/infra/security); a malformed CSP_EXTRA_* setting stops the start here.
  const securityHeaders = createSecurityHeaders(securityConfigFromEnv({ dev }));
  // The database is opened, migrated and seeded before the first request.
  const handle = await getDbHandle();
  phase('database');
  const seeded = await seed(handle.db, {
    baseUrl: internalUrl(),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    demo: env.SEED_DEMO === '1',
  });
  phase('seed');
  // next-auth builds its own URLs from NEXTAUTH_URL: the same base as the rest of the app (PORT, PUBLIC_URL).
  setNextAuthUrl();

  // Requests that arrive between binding the port and the end of the start wait for it.
  const waiting: (() => void)[] = [];
  let serve = (req: IncomingMessage, res: ServerResponse): void => void waiting.push(() => serve(req, res));
  const server = createServer((req, res) => {
    // One nonce per request: in the policy sent back and, through the request's own CSP header,
    // to Next.js, which puts it on its scripts (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md).
    const nonce = newNonce();
    const headers = securityHeaders(nonce);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    req.headers['content-security-policy'] = headers['content-security-policy'];
    req.headers['x-nonce'] = nonce;
    serve(req, res);
  });
  let handleUpgrade: ReturnType<ReturnType<typeof next>['getUpgradeHandler']> | undefined;
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/socket.io/')) return; // Socket.IO answers these itself.
    if (handleUpgrade) void handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  const io = attachSocketServer(server, handle.db, { databaseUrl: env.DATABASE_URL });
  // Socket.IO answers /socket.io/ before the handler above runs: its answers get the same headers.
  const socketHeaders = (h: Record<string, string | string[] | undefined>) => Object.assign(h, securityHeaders(newNonce()));
  io.engine.on('initial_headers', socketHeaders);
  io.engine.on('headers', socketHeaders);

  // The port is bound before any background work starts: when it is taken, the process ends here
  // instead of running on as a worker nobody can reach (issue #14).
  try {
    await listen(server, env.PORT, env.HOST);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? 'is already in use (is another server running?)' : code === 'EACCES' ? 'may not be used by this user' : 'cannot be opened';
    const message = `Cannot listen on ${env.HOST}:${env.PORT}: the port ${reason}. Set PORT or HOST to another value.`;
    logger.fatal({ err, port: env.PORT, host: env.HOST }, message);
    process.stderr.write(`\n  ${message}\n\n`);
    process.exit(1);
  }

  // The background work (job queue, order worker) starts while Next.js prepares, and pages are
  // served as soon as Next is ready (issue #19: cold start); a send that arrives before the queue
  // is up waits for it (lib/infra/queue getQueue). A failed start still ends the process (main's catch).
  const backgroundStarted = Date.now();
  const backgroundStart: Promise<Background> = startBackground(handle, { worker: env.WORKER === '1' });
  backgroundStart.then(
    () => (phases.background = Date.now() - backgroundStarted),
    () => {},
  );

  // Next builds its internal URLs from this name; it must be 'localhost' for proxy rewrites to stay
  // internal (vercel/next.js#94342), whatever address the server listens on.
  const app = next({ dev, hostname: 'localhost', port: env.PORT, dir: process.cwd() });
  const handleRequest = app.getRequestHandler();
  await app.prepare();
  phase('next');
  if (dev) handleUpgrade = app.getUpgradeHandler();

  // Rendered public pages for visitors, kept a few seconds (server/page-cache.ts). A kept page is
  // sent with the headers it was rendered with, so its script nonces and its policy still match.
  const pageCache = createPageCache({ ttlMs: dev ? 0 : env.PAGE_CACHE_SECONDS * 1000 });
  // In development Next.js serves every route, so edits to them reload.
  const directRoutes = !dev && env.DIRECT_ROUTES === '1';
  // The build's scripts and styles, from memory in Brotli or gzip as the build compressed them (server/static-assets.ts).
  const staticAssets = dev || env.STATIC_ASSETS === '0' ? undefined : createStaticAssets(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'static'));

  serve = (req, res) => {
    if (tooLarge(req)) return refuse413(req, res);
    if (staticAssets?.serve(req, res)) return;
    // The simulated fulfilment provider the seed's endpoint URLs point at (docs/provider-api.md).
    if (isSimProviderPath(req.url)) return serveSimProvider(req, res);
    // The socket's peer address for per-IP rate limits (lib/infra/rate-limit clientIp); a client-sent value is replaced.
    req.headers['x-etk-peer'] = req.socket.remoteAddress ?? '';
    // The database is out of reach (db/reachability.ts): a page would wait for it or fail, so a
    // visitor gets the public page as last rendered and, after a few seconds, anyone else the outage page.
    if (answeredDuringOutage(req, res, pageCache)) return;
    // The reseller protocol and the sends: the same handlers, without Next.js's request handling (server/direct-routes.ts).
    const direct = directRoutes ? directRoute(req.method, req.url) : undefined;
    if (direct) return void serveDirect(direct, req, res);
    pageCache.handle(req, res, () => {
      // A page Next.js renders that fails because the database is going away (before the node
      // knows) gets the outage page, not Next's 500 (server/outage-page.ts). Not for kept pages.
      outagePageForFailedRender(req, res, async () => !(await reachableNow()));
      // Brotli or gzip, in place of Next.js's own gzip (server/compress.ts; `compress: false` in next.config.mjs).
      compressAnswer(req, res);
      void handleRequest(req, res);
    });
  };
  for (const run of waiting.splice(0)) run();
  phases.serving = Date.now() - started;
  const background = await backgroundStart;
  logger.info({ url: `http://${env.HOST}:${env.PORT}`, db: handle.kind, ms: Date.now() - started, phases, codeCache: codeCacheStats(), dev }, 'server ready');
  // The logins created by this start are printed once, here, after the log lines; never logged.
  process.stdout.write(
    startBanner({
      url: publicUrl(),
      adminEmail: env.ADMIN_EMAIL,
      demo: env.SEED_DEMO === '1',
      created: seeded.created,
      database: handle.kind === 'pglite' ? { kind: 'pglite', dataDir: env.DATA_DIR } : { kind: 'postgres' },
    }),
  );

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

/** Binds the port; a taken or forbidden port rejects instead of becoming an uncaught 'error' event. */
function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
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
