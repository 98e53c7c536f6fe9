#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests, production build, then the browser
// journeys against the built app. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npx', 'eslint', '.', '--max-warnings=0']],
  ['unit and integration tests', ['npx', 'vitest', 'run']],
  ['build', ['npx', 'next', 'build']],
  ['browser tests', ['npx', 'playwright', 'test']],
  ['page budgets', ['node', 'scripts/lighthouse.mjs']],
];
const only = process.argv.slice(2);

for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', npm_config_loglevel: 'error' },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
