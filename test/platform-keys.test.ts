import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allServices, PLATFORM_REGISTRY } from '@/platforms';

/**
 * Platforms as data (issue #34 item 4): a platform or service key (`instagram`, `reels_like`, …) is
 * named only in its descriptor (platforms/), migrations, seed and simulator data, and tests. Code
 * in app/, components/, lib/ and server/ asks the registry, so a new platform is a folder, its
 * messages, its simulator data and a data migration. A key in quotes or a §7 path written out
 * (`/api/twitter/…`) counts, in code and in comments alike.
 */
const ROOTS = ['app', 'components', 'lib', 'server'];

/** Files that may name keys: tests and their fixtures, and the demo data of the seed. */
const ALLOWED = [/\.test\.tsx?$/, /\.spec\.tsx?$/, /(^|\/)testing(\.tsx?|\/)/, /^lib\/domain\/seed\//];

/** Names that are not our platforms, though spelt like one: `file` and the line's text. */
const NOT_OURS: { file: string; text: RegExp; why: string }[] = [
  { file: 'app/[locale]/layout.tsx', text: /^\s*twitter: \{ card:/, why: 'the Twitter card of Next.js metadata, which every link preview reads' },
  {
    file: 'lib/domain/balance/debit-balance.ts',
    text: /^export const ORDER_DEBIT_REASON = 'new_tweet'/,
    why: 'the stored label of the ledger_reason enum for any paid order’s debit, older than the registry; it reaches no answer or page, and code names it only through this constant',
  },
];

const keys = [...new Set([...PLATFORM_REGISTRY.map((p) => p.key), ...allServices().flatMap(({ service }) => [service.key, service.path])])];
const quoted = new RegExp(`(['"\`])(${keys.map((k) => k.replace(/[-]/g, '\\-')).join('|')})\\1`, 'g');
const platformKeys = PLATFORM_REGISTRY.map((p) => p.key).join('|');
const apiPath = new RegExp(`/api/(${platformKeys})\\b`, 'g');
/** A platform as a property or an object key (`prices.instagram`, `{ twitter: … }`), not a host name (`youtube.com`). */
const property = new RegExp(`\\.(?:${platformKeys})\\b(?![.-])|(?<![\\w/.-])(?:${platformKeys})\\??:`, 'g');

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield p.split(path.sep).join('/');
  }
}

/** Where a source names a key: `file:line key`. */
export function keysNamedIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (NOT_OURS.some((n) => n.file === file && n.text.test(line))) return;
    for (const m of line.matchAll(quoted)) found.push(`${file}:${i + 1} ${m[2]}`);
    for (const m of line.matchAll(apiPath)) found.push(`${file}:${i + 1} ${m[0]}`);
    for (const m of line.matchAll(property)) found.push(`${file}:${i + 1} ${m[0]}`);
  });
  return found;
}

describe('platform and service keys (issue #34 item 4)', () => {
  it('are named in app/, components/, lib/ and server/ only by tests, fixtures and seed data', () => {
    const named = ROOTS.flatMap((root) => [...sources(root)])
      .filter((f) => !ALLOWED.some((re) => re.test(f)))
      .flatMap((f) => keysNamedIn(f, fs.readFileSync(f, 'utf8')));
    expect(named).toEqual([]);
  });

  it('finds a key in quotes or in a §7 path, and not in a longer word', () => {
    const [platform] = PLATFORM_REGISTRY;
    const service = platform.services[0];
    expect(keysNamedIn('x.ts', `const a = '${platform.key}';\nfetch("/api/${platform.key}/${service.path}");\nconst b = \`${service.key}\`;`)).toEqual([
      `x.ts:1 ${platform.key}`,
      `x.ts:2 /api/${platform.key}`,
      `x.ts:3 ${service.key}`,
    ]);
    expect(keysNamedIn('x.ts', `const a = '${platform.key}_count'; // ${service.key}s at www.${platform.key}.com`)).toEqual([]);
    expect(keysNamedIn('y.ts', `prices.${platform.key} + ({ ${platform.key}: 1 }).${platform.key}`)).toEqual([`y.ts:1 .${platform.key}`, `y.ts:1 ${platform.key}:`, `y.ts:1 .${platform.key}`]);
  });
});
