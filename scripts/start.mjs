#!/usr/bin/env node
// `npm start`: builds the app when there is no build or the sources are newer than it (Next.js,
// then the server bundle and first-start database of scripts/build-server.mjs), then runs the
// server (dist/server.mjs, built from server.ts) in production mode. Everything needed comes from
// `npm install`.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(root, distDir, 'BUILD_ID');
const sources = ['app', 'components', 'lib', 'messages', 'db', 'server', 'server.ts', 'auth.ts', 'proxy.ts', 'next.config.mjs', 'package-lock.json', 'env.ts', 'logger.ts', 'tsconfig.server.json', 'scripts/build-server.mjs', 'scripts/prepare-static.mjs', 'scripts/make-db-template.ts'];
const serverBundle = path.join(root, 'dist', 'server.mjs');

function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (!built || changed > built || process.argv.includes('--build')) {
  console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the app…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  buildServer();
} else if (!fs.existsSync(serverBundle) || fs.statSync(serverBundle).mtimeMs < changed) {
  buildServer();
}
if (process.argv.includes('--build-only')) process.exit(0);

function buildServer() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
