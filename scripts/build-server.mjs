#!/usr/bin/env node
// The server's part of the production build (after `next build`; scripts/start.mjs runs both):
// - bundles server.ts and the app code it imports (lib/, db/, server/) into dist/server.mjs, so a
//   production start loads one plain JavaScript file instead of compiling TypeScript through tsx's
//   loader hooks module by module (issue #19: ~1 s of a 3.5 s start). Packages stay in
//   node_modules (imported as they are); the same tsconfig paths apply as under tsx;
// - makes dist/db-template/, the embedded database a first start copies (db/template.ts);
// - prepares the browser's files of .next/static for server/static-assets.ts: compile hints and
//   Brotli and gzip copies (scripts/prepare-static.mjs);
// - makes dist/code-cache/, the bytecode of the CommonJS code a start loads (server/code-cache.ts),
//   by running the built server once over a few pages.
// dist/server.mjs itself is a small entry (server/production-entry.ts) that installs the code
// cache and then loads dist/server-app.mjs, the bundle of server.ts.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { prepareStatic } from './prepare-static.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverBundle = path.join(root, 'dist', 'server.mjs');
const appBundle = path.join(root, 'dist', 'server-app.mjs');
const codeCacheDir = path.join(root, 'dist', 'code-cache');

const require = createRequire(path.join(root, 'package.json'));

/**
 * A deep import without a file extension ('next/dist/…/is-bot') works under tsx (it resolves like
 * CommonJS) but not in plain ESM: such a path is written out with the file's extension, still
 * imported from node_modules.
 */
const deepImports = {
  name: 'deep-imports',
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/.+/ }, (args) => {
      if (path.extname(args.path)) return undefined;
      try {
        // Resolves as ESM to a file that exists (an "exports" entry): leave it.
        if (fs.existsSync(fileURLToPath(import.meta.resolve(args.path)))) return undefined;
      } catch {
        // only CommonJS resolution finds it
      }
      let file;
      try {
        file = require.resolve(args.path);
      } catch {
        return undefined;
      }
      const ext = path.extname(file);
      return ext && file.endsWith(`${args.path.split('/').pop()}${ext}`) ? { path: `${args.path}${ext}`, external: true } : undefined;
    });
  },
};

const bundle = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', tsconfig: 'tsconfig.server.json', logLevel: 'warning' };
await build({ ...bundle, plugins: [deepImports], entryPoints: ['server.ts'], outfile: appBundle, sourcemap: 'linked' });
await build({ ...bundle, entryPoints: ['server/production-entry.ts'], outfile: serverBundle });

// The first start's database (db/template.ts), made by the same code the server runs.
const made = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/make-db-template.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.server.json') },
});
if (made.status !== 0) process.exit(made.status ?? 1);

fs.rmSync(`${serverBundle}.map`, { force: true });
const statics = prepareStatic(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'static'));
console.log(`static files: ${statics.files} compressed (${Math.round(statics.identity / 1024)} KB → gzip ${Math.round(statics.gzip / 1024)} KB, brotli ${Math.round(statics.br / 1024)} KB)`);
await makeCodeCache();

/**
 * dist/code-cache/: the built server is started once on a throwaway embedded database (never the
 * configured DATABASE_URL: its environment is only what a start needs), asked for a few pages so
 * their code is compiled, and stopped; at exit it writes the bytecode (server/code-cache.ts). A
 * server that does not start or answer here fails the build.
 */
async function makeCodeCache() {
  fs.rmSync(codeCacheDir, { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-code-cache-'));
  const port = await new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
    probe.on('error', reject);
  });
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH, HOME, TMPDIR, LANG, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, WORKER: '0' },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer within 90 s:\n${stderr}`);
      const res = await fetch(`${base}/service/retweet`).catch(() => null);
      if (res) await res.arrayBuffer();
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const page of ['/', '/en/pricing', '/login', '/panel', '/api/platformlar']) {
      const res = await fetch(base + page, { redirect: 'manual' });
      await res.arrayBuffer();
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const files = fs.existsSync(codeCacheDir) ? fs.readdirSync(codeCacheDir).length : 0;
  if (files === 0) throw new Error(`no code cache was written:\n${stderr}`);
  console.log(`code cache: ${files} files (dist/code-cache)`);
}
