import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #14 item 9: rules written several times drift (two dollarsToCents rounded 1.005
 * differently, "today" had three implementations, the running-package filter ten). Each rule has
 * one home; this test fails when a copy appears elsewhere.
 */
const root = path.resolve(import.meta.dirname, '..');
const dirs = ['app', 'lib', 'components', 'server', 'db', 'auth.ts', 'server.ts', 'proxy.ts'];

function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (/node_modules|migrations|\.next/.test(p)) return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (/\.(ts|tsx)$/.test(p) && !/\.test\.tsx?$/.test(p)) {
      out.push({ file: path.relative(root, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  for (const d of dirs) if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  return out;
}

// db/schema.ts lists every status (orderStatusEnum), which is no group.
const ORDER_FIGURES = ['lib/domain/order-figures/status-groups.ts', 'lib/domain/order-figures/status-sql.ts', 'db/schema.ts'];

const RULES: { what: string; pattern: RegExp; home: string[]; /** Files the rule applies to (default: all). */ only?: RegExp }[] = [
  { what: 'money conversion', pattern: /function\s+(dollarsToCents|centsToDollars|parseDollars|centsToDecimal|discountedCents|formatUsd)\b/, home: ['lib/infra/money/index.ts'] },
  { what: 'float dollars to cents', pattern: /Math\.round\([^)]*\*\s*100\)/, home: [] },
  { what: 'calendar days in a zone', pattern: /function\s+(localDay|nextLocalMidnight|localDayRange|endOfLocalDay|dayInZone|offsetMinutes|offsetMs)\b/, home: ['lib/infra/time/zone.ts', 'lib/domain/discounts/dates.ts'] },
  { what: '"today" from the database clock', pattern: /now\(\)\s+at\s+time\s+zone/i, home: [] },
  { what: 'the subscription filters', pattern: /eq\(userPackages\.status,/, home: ['lib/domain/subscriptions/filters.ts'] },
  // The same filters written as SQL text (issue #19: the send's fixed statements).
  { what: 'the subscription filters as SQL text', pattern: /status\s*=\s*'active'\s+and\s+[\w.${}]*starts_at/, home: ['lib/domain/subscriptions/filters.ts'] },
  // Issue #34 item 5: the waiting statuses were written as SQL in six files, counted by each read
  // model its own way; the groups, their counts and the statuses' readings live in lib/domain/order-figures.
  { what: 'the order status groups', pattern: /'(pending|scheduled|processing)',\s*'(?!\1)(pending|scheduled|processing)',\s*'(?!\1|\2)(pending|scheduled|processing)'|'(completed|partial|failed)',\s*'(?!\4)(completed|partial|failed)',\s*'(?!\4|\5)(completed|partial|failed)'/, home: ORDER_FIGURES },
  { what: 'counting or reading orders by status in SQL', pattern: /filter\s*\(\s*where\s*(\$\{orders\.status\}|o\.status)|when\s+'(pending|scheduled|processing|completed|partial|failed|cancelled)'\s+then/, home: ORDER_FIGURES },
  // Issue #15: one API client for the browser (there were five fetch wrappers with three conventions).
  { what: 'calls of our API from the browser', pattern: /(^|[^.\w])fetch\(/m, home: ['components/client/api.ts'], only: /^(components|app)\/.*\.tsx?$/ },
  // Not a rule with a home but a promise db/client.ts relies on: its pipelined transactions do not
  // build Drizzle's relational query builders (issue #19), so the domain code, which runs inside
  // transactions, does not use them (auth.ts does, on the database handle itself).
  { what: "Drizzle's relational queries (db.query.<table>) in lib/ and db/", pattern: /\.query\.\w+\.find(First|Many)\b/, home: [], only: /^(lib|db)\// },
  // Issue #15: a status looks one way on every screen; the admin history's own tone table had
  // waiting in blue where the rest show it yellow (issue #34 leftover).
  { what: 'the tone of a status', pattern: /\b(basarili|basarisiz|beklemede|kismi):\s*'(success|danger|info|warning|pending|neutral|brand)'/, home: ['components/ui/status-tone.ts'] },
  { what: 'unique-violation detection', pattern: /'23505'|function\s+isUniqueViolation\b/, home: ['db/errors.ts'] },
  // Issue #34 item 2: a package's prices are read (as one jsonb per package, in the package's
  // statement) and written (in the package's transaction) in one place.
  { what: 'the package_prices rows', pattern: /\bpackagePrices\b/, home: ['lib/domain/packages/package-prices.ts', 'db/schema.ts'] },
];

describe('one home for each rule', () => {
  const files = sources();
  for (const rule of RULES) {
    it(`keeps ${rule.what} in ${rule.home.join(', ') || 'no place outside its home'}`, () => {
      const copies = files.filter((f) => (!rule.only || rule.only.test(f.file)) && !rule.home.includes(f.file) && rule.pattern.test(f.text)).map((f) => f.file);
      expect(copies).toEqual([]);
    });
  }
});
