// Helpers shared by the benchmarks: start the built server, wait for it, run autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the production server (dist/server.mjs, from server.ts) and resolves when `readyPath` answers 200. `preload`: paths
 * of modules the server's node loads with --import before anything else (e.g. bench/count-pg.mjs).
 */
export async function startApp({ port, dataDir, databaseUrl, env = {}, readyPath = '/api/platformlar', timeoutMs = 90_000, preload = [] }) {
  const started = performance.now();
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const preloads = [preload].flat().flatMap((p) => ['--import', pathToFileURL(path.resolve(root, p)).href]);
  // The production server: dist/server.mjs, built from server.ts by scripts/build-server.mjs.
  const child = spawn(process.execPath, [...preloads, ...nodeArgs, 'dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir ?? tempDir('etk-bench-data-'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      BENCH_ROUTES: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.status === 200) {
        await res.arrayBuffer();
        return { child, url, output: () => output, readyMs: performance.now() - started };
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output}`);
}

/**
 * The server's peak resident set so far (VmHWM in /proc/<pid>/status), in MB; NaN when it cannot
 * be read (not Linux, or the process has ended). Call it before stopApp().
 */
export function peakRssMb(app) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${app.child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export function stopApp(app) {
  return new Promise((resolve) => {
    if (!app || app.child.exitCode !== null) return resolve();
    app.child.once('exit', () => resolve());
    app.child.kill('SIGTERM');
    setTimeout(() => app.child.kill('SIGKILL'), 10_000).unref();
  });
}

/** A bounded load run against one URL. */
export function load(url, { duration = 8, connections = 20, headers, method = 'GET', body, requests } = {}) {
  return new Promise((resolve, reject) => {
    // `requests`: autocannon's request list (e.g. a setupRequest that varies the body).
    autocannon({ url, duration, connections, headers, method, body, ...(requests ? { requests } : {}) }, (err, result) => {
      if (err) return reject(err);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + (result.non2xx ?? 0),
        total: result.requests.total,
      });
    });
  });
}

export function freePort() {
  return new Promise((resolve) => {
    import('node:net').then(({ createServer }) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
  });
}

/**
 * Registers (or reuses) a customer and logs in the way the browser does: password → bearer token →
 * next-auth session cookie. Resolves to the `name=value` cookie, or null when it could not.
 */
export async function loginCookie(base, { email, password, name }) {
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ad_soyad: name, email, telefon: '+905321234567', meslek: 'Diğer', sifre: password }),
  });
  if (!reg.ok && reg.status !== 409) return null;
  const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json();
  if (!login.token) return null;
  return sessionCookie(base, login.token);
}

/** A signed-in browser's session cookie (`name=value`) for a bearer token (next-auth's token callback), or null. */
export async function sessionCookie(base, token) {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrfRes.json();
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const cb = await fetch(`${base}/api/auth/callback/token`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, token, json: 'true' }),
  });
  const session = cb.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('next-auth.session-token='));
  return session ?? null;
}
