#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests, production build, browser journeys
// against the built app, then the Lighthouse page budgets. Stops at the first failing step.
// Without TEST_DATABASE_URL it starts a throwaway PostgreSQL server of its own when the server
// binaries are installed (apt-get install postgresql), so the database tests also run against
// a real server and not only the embedded one.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const steps = [
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npx', 'eslint', '.', '--max-warnings=0']],
  ['unit and integration tests', ['npx', 'vitest', 'run']],
  // Next.js, then the server bundle and the first-start database (scripts/build-server.mjs).
  ['build', ['node', 'scripts/start.mjs', '--build', '--build-only']],
  ['browser tests', ['npx', 'playwright', 'test']],
  ['page budgets', ['node', 'scripts/lighthouse.mjs']],
];
const only = process.argv.slice(2);

let pgDir;
function stopPostgres() {
  if (!pgDir) return;
  spawnSync(path.join(root, 'scripts/test-postgres.sh'), ['stop', pgDir], { stdio: 'ignore' });
  fs.rmSync(pgDir, { recursive: true, force: true });
  pgDir = undefined;
}
const hasPostgres = () => fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
if (!process.env.TEST_DATABASE_URL && hasPostgres()) {
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-test-pg-'));
  process.env.TEST_DATABASE_URL = execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['start', pgDir], { encoding: 'utf8' }).trim();
  console.log(`PostgreSQL for tests: ${process.env.TEST_DATABASE_URL}`);
} else if (!process.env.TEST_DATABASE_URL) {
  console.warn('No TEST_DATABASE_URL and no PostgreSQL server binaries: database tests run on the embedded database only, and the tests that need a real server fail.');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopPostgres(), process.exit(130)));

let status = 0;
for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', npm_config_loglevel: 'error' },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    status = result.status ?? 1;
    break;
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
stopPostgres();
process.exit(status);
