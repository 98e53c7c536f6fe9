import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #34 item 7: the arrows point one way. `server/` sits on `app/`, `app/` on `components/` and
 * `lib/`, `lib/` on `db/` and `platforms/`; `db/` on nothing of ours but `env.ts` and `logger.ts`.
 * Components never open the database (a page reads its data and hands it down:
 * app/_lib/request-data.ts), and neither `lib/` (its test fixtures included) nor `components/` nor
 * `platforms/` reaches up into `app/`. `lib/` has two tiers the folders show (issue #34 item 5):
 * `lib/domain/` holds the capabilities (what the business does), `lib/infra/` the plumbing they
 * stand on (money, time, mail, queue, cache, i18n…), which knows nothing of the business; browser
 * code lives in `components/`, not `lib/`. Inside `lib/` the folders form no circle: each
 * capability sits on the ones below it (docs/glossary.md "Layers"). Tests may import anything.
 */
const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (p: string) => {
    if (fs.statSync(p).isDirectory()) {
      if (/node_modules|migrations/.test(path.basename(p))) return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (/\.(ts|tsx)$/.test(p) && !/\.test\.tsx?$/.test(p)) {
      out.push({ file: path.relative(root, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(path.join(root, dir));
  return out;
}

/**
 * The modules a file imports (static `from '…'`, side-effect `import '…'` and dynamic
 * `import('…')`); type-only imports are left out unless `types` is set.
 */
function imports(text: string, { types = false } = {}): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) if (types || !m[1]) out.push(m[2]!);
  for (const m of text.matchAll(/^\s*export\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) if (types || !m[1]) out.push(m[2]!);
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

function offenders(dir: string, forbidden: RegExp): string[] {
  return sources(dir).flatMap(({ file, text }) => imports(text).filter((m) => forbidden.test(m)).map((m) => `${file} imports ${m}`));
}

/** The file an import names (relative or `@/`), or null for a package. */
function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null;
  if (base === null) return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (known.has(c)) return c;
  return null;
}

/** The circles of a directed graph (its strongly connected components of more than one node), each sorted. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** lib/domain/auth/tokens.ts → auth; lib/infra/errors.ts → errors. */
const libFolder = (file: string) => file.split('/')[2]!.replace(/\.tsx?$/, '');

/** Each arrow between two lib/ folders, with the files that draw it (type-only imports included: they are arrows too). */
function libFolderArrows(): Map<string, Map<string, string[]>> {
  const files = sources('lib');
  const known = new Set(files.map((f) => f.file));
  const arrows = new Map<string, Map<string, string[]>>();
  for (const { file, text } of files) {
    for (const spec of imports(text, { types: true })) {
      const target = resolveImport(file, spec, known);
      if (!target?.startsWith('lib/')) continue;
      const [from, to] = [libFolder(file), libFolder(target)];
      if (from === to) continue;
      const out = arrows.get(from) ?? arrows.set(from, new Map()).get(from)!;
      out.set(to, [...(out.get(to) ?? []), file]);
    }
  }
  return arrows;
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

  it('db imports nothing above it (no lib/, app/, components/ or server/; the seed lives in lib/domain/seed)', () => {
    expect(offenders('db', /^@\/(lib|app|components|server)(\/|$)/)).toEqual([]);
  });

  it('test fixtures (testing.ts, testing/, test/) never import app/', () => {
    const fixtures = [...sources('lib'), ...sources('test'), ...sources('components')].filter(({ file }) => /(^|\/)(testing\.tsx?$|testing\/|test\/)/.test(file));
    expect(fixtures.length).toBeGreaterThan(0);
    expect(fixtures.flatMap(({ file, text }) => imports(text).filter((m) => /^@\/app\//.test(m)).map((m) => `${file} imports ${m}`))).toEqual([]);
  });

  it('lib/ has two tiers: domain/ (capabilities) and infra/ (plumbing), nothing loose beside them', () => {
    expect(fs.readdirSync(path.join(root, 'lib')).sort()).toEqual(['domain', 'infra']);
  });

  it('the plumbing knows nothing of the business: lib/infra imports no lib/domain and no platform', () => {
    // Its own tables (the mail outbox, the rate-limit buckets) it may read through db/schema.
    expect(offenders('lib/infra', /^@\/(lib\/domain|platforms)(\/|$)|(^|\/)domain\//)).toEqual([]);
  });

  it('browser code is not in lib/: no React component, hook or client module there', () => {
    const browser = sources('lib').filter(({ file, text }) => file.endsWith('.tsx') || /^['"]use client['"]/m.test(text) || /from ['"]react['"]/.test(text));
    expect(browser.map(({ file }) => file)).toEqual([]);
  });

  it('the lib/ folders form no circle', () => {
    const arrows = libFolderArrows();
    const graph = new Map([...arrows].map(([from, out]) => [from, new Set(out.keys())]));
    const described = circles(graph).map((circle) =>
      circle.flatMap((from) => circle.filter((to) => arrows.get(from)?.has(to)).map((to) => `${from} → ${to} (${[...new Set(arrows.get(from)!.get(to))].join(', ')})`)),
    );
    expect(described).toEqual([]);
  });

  it('no lib/ or db/ file imports itself back round a circle of files', () => {
    const files = [...sources('lib'), ...sources('db')];
    const known = new Set(files.map((f) => f.file));
    const graph = new Map(files.map(({ file, text }) => [file, new Set(imports(text).map((s) => resolveImport(file, s, known)).filter((t): t is string => t !== null))]));
    expect(circles(graph)).toEqual([]);
  });
});
