import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #34 item 7: the arrows point one way. `server/` sits on `app/`, `app/` on `components/` and
 * `lib/`, `lib/` on `db/` and `platforms/`. Components never open the database (a page reads its
 * data and hands it down: app/_lib/request-data.ts), and neither `lib/` (its test fixtures
 * included) nor `components/` nor `platforms/` reaches up into `app/`. Tests may import anything.
 */
const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (p: string) => {
    if (fs.statSync(p).isDirectory()) {
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (/\.(ts|tsx)$/.test(p) && !/\.test\.tsx?$/.test(p)) {
      out.push({ file: path.relative(root, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(path.join(root, dir));
  return out;
}

/** The modules a file imports (static `from '…'` and dynamic `import('…')`), type-only imports left out. */
function imports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) if (!m[1]) out.push(m[2]!);
  for (const m of text.matchAll(/^\s*export\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) if (!m[1]) out.push(m[2]!);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

function offenders(dir: string, forbidden: RegExp): string[] {
  return sources(dir).flatMap(({ file, text }) => imports(text).filter((m) => forbidden.test(m)).map((m) => `${file} imports ${m}`));
}

describe('the layers', () => {
  it('components never open the database', () => {
    expect(offenders('components', /^@\/db\/(client|raw|reachability)|^@\/app\/_lib\/request-data/)).toEqual([]);
  });

  it('lib, components and platforms never import app/', () => {
    expect([...offenders('lib', /^@\/app\//), ...offenders('components', /^@\/app\//), ...offenders('platforms', /^@\/app\//)]).toEqual([]);
  });

  it('platforms are data: they import nothing of ours but each other', () => {
    expect(offenders('platforms', /^@\/(?!platforms\/)/)).toEqual([]);
  });
});
