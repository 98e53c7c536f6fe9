#!/usr/bin/env node
// postinstall: the phone field's country flags are served by this site (public/flags/XX.svg), not
// by the flag package's GitHub Pages host, which the page would otherwise ask on every visit.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
let from;
try {
  from = path.join(path.dirname(require.resolve('country-flag-icons/package.json')), '3x2');
} catch {
  console.warn('copy-flags: country-flag-icons is not installed; the phone field will show no flags');
  process.exit(0);
}
const to = path.join(root, 'public/flags');
fs.mkdirSync(to, { recursive: true });
let n = 0;
for (const name of fs.readdirSync(from)) {
  if (!/^[A-Z]{2}\.svg$/.test(name)) continue;
  fs.copyFileSync(path.join(from, name), path.join(to, name));
  n++;
}
console.log(`copy-flags: ${n} flags in public/flags`);
