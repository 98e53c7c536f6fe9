import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import { browserMessages, clientMessages, type MessageScope } from './client-messages';

describe('the messages sent to the browser', () => {
  it('keep what client components use and leave policy bodies and mail templates on the server', () => {
    const client = clientMessages(tr as Record<string, unknown>) as typeof tr;
    expect(client.Policies.privacy).toEqual({ title: tr.Policies.privacy.title });
    expect(client.Policies.close).toBe(tr.Policies.close);
    expect(client.Contact.send).toBe(tr.Contact.send);
    expect('mailBody' in client.Contact).toBe(false);
    expect(client.ServicePage).toEqual(tr.ServicePage);
    expect(JSON.stringify(client).length).toBeLessThan(JSON.stringify(tr).length - 5000);
  });

  it('never ship what only server components read (storefront, pricing, metadata, 404, unsubscribe), in any area', () => {
    for (const scope of ['public', 'panel', 'all'] as const) {
      const client = clientMessages(tr as Record<string, unknown>, scope);
      for (const ns of ['Mail', 'Pricing', 'Storefront', 'Unsubscribe', 'Meta', 'NotFound']) expect(client, `${scope} ${ns}`).not.toHaveProperty(ns);
    }
  });

  it('leave the panel and back-office texts out of public pages, and give them to those areas', () => {
    const publicOnly = clientMessages(tr as Record<string, unknown>) as Record<string, unknown>;
    expect(publicOnly.Admin).toBeUndefined();
    expect(publicOnly.Panel).toBeUndefined();
    expect(publicOnly.Header).toEqual(tr.Header);
    const all = clientMessages(tr as Record<string, unknown>, 'all') as typeof tr;
    expect(all.Admin).toEqual(tr.Admin);
    expect(all.Panel).toEqual(tr.Panel);
  });

  it('give the customer panel its texts but not the back office’s', () => {
    const panel = clientMessages(tr as Record<string, unknown>, 'panel') as Record<string, unknown>;
    expect(panel.Panel).toEqual(tr.Panel);
    expect(panel.Settings).toEqual(tr.Settings);
    expect(panel.TwoFactor).toEqual(tr.TwoFactor);
    expect(panel.Admin).toBeUndefined();
    expect(panel.SettingsValidation).toBeUndefined();
  });

  it('leave the sign-in forms’ texts to the sign-in pages', () => {
    const publicOnly = clientMessages(tr as Record<string, unknown>) as Record<string, unknown>;
    const signIn = clientMessages(tr as Record<string, unknown>, 'sign-in') as Record<string, unknown>;
    expect(publicOnly.Auth).toBeUndefined();
    expect(publicOnly.TwoFactor).toBeUndefined();
    expect(signIn.Auth).toEqual(tr.Auth);
    expect(signIn.TwoFactor).toEqual(tr.TwoFactor);
    expect(signIn.Panel).toBeUndefined();
    expect(signIn.Header).toEqual(tr.Header);
  });
});

/*
 * Which namespaces each part of the site's client code uses, read from the source: every file
 * marked 'use client' reachable from the part's route files, and everything such a file imports
 * (type-only imports aside), is client code; its namespaces are those of useTranslations('…') and
 * every string that starts with a namespace and a dot (message keys in schemas included). A
 * namespace a part uses but does not ship would show its keys instead of texts in the browser.
 */
const ROOT = process.cwd();
const NAMESPACES = new Set(Object.keys(tr));

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

const SOURCES = new Set(['app', 'components', 'lib'].flatMap((dir) => walk(path.join(ROOT, dir))));

function resolveImport(spec: string, from: string): string | undefined {
  const base = spec.startsWith('@/') ? path.join(ROOT, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => SOURCES.has(candidate));
}

type SourceInfo = { client: boolean; imports: string[]; namespaces: string[] };
const infos = new Map<string, SourceInfo>();
function info(file: string): SourceInfo {
  let found = infos.get(file);
  if (found) return found;
  const text = fs.readFileSync(file, 'utf8');
  const imports: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s)?[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gms)) {
    if (m[1]) continue;
    const target = resolveImport((m[2] ?? m[3] ?? m[4])!, file);
    if (target) imports.push(target);
  }
  const namespaces = new Set<string>();
  for (const m of text.matchAll(/useTranslations\(\s*['"]([A-Za-z]+)/g)) namespaces.add(m[1]!);
  for (const m of text.matchAll(/['"`]([A-Z][A-Za-z]+)\.[A-Za-z_$]/g)) if (NAMESPACES.has(m[1]!)) namespaces.add(m[1]!);
  found = { client: /^\s*['"]use client['"]/.test(text), imports, namespaces: [...namespaces] };
  infos.set(file, found);
  return found;
}

/** Namespace → the client files that use it, for the client code reachable from `entries`. */
function clientNamespaces(entries: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const seen = new Set<string>();
  const stack = entries.map((file) => ({ file, client: false }));
  while (stack.length) {
    const { file, client: inClient } = stack.pop()!;
    const { client: marked, imports, namespaces } = info(file);
    const client = inClient || marked;
    const key = `${client}:${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (client) for (const ns of namespaces) used.set(ns, [...(used.get(ns) ?? []), path.relative(ROOT, file)]);
    for (const target of imports) stack.push({ file: target, client });
  }
  return used;
}

const LOCALE_DIR = path.join(ROOT, 'app/[locale]');
const SIGN_IN_DIRS = ['(sign-in)'];
const routeFiles = walk(LOCALE_DIR);
const under = (file: string, dir: string) => file.startsWith(path.join(LOCALE_DIR, dir) + path.sep);
const AREAS: [MessageScope, string[]][] = [
  ['panel', routeFiles.filter((f) => under(f, 'panel'))],
  ['all', routeFiles.filter((f) => under(f, 'rooting'))],
  ['sign-in', routeFiles.filter((f) => SIGN_IN_DIRS.some((d) => under(f, d)))],
  // The root layout's own client components (header, footer, toaster) are under the public provider on every page.
  ['public', routeFiles.filter((f) => !['panel', 'rooting', ...SIGN_IN_DIRS].some((d) => under(f, d)))],
];

describe('the messages each part of the site ships, against what its client code uses', () => {
  it.each(AREAS)('%s ships every namespace its client code uses', (scope, entries) => {
    expect(entries.length).toBeGreaterThan(0);
    const shipped = clientMessages(tr as Record<string, unknown>, scope);
    const used = clientNamespaces(entries);
    const missing = [...used].filter(([ns]) => !(ns in shipped)).map(([ns, files]) => `${ns} (${files.join(', ')})`);
    expect(missing, scope).toEqual([]);
  });

  it('reads the source well enough to catch a namespace left out', () => {
    const signIn = clientNamespaces(AREAS.find(([scope]) => scope === 'sign-in')![1]);
    expect(signIn.get('Auth')).toContain('components/auth/login-form.tsx');
    expect(signIn.get('TwoFactor')).toContain('components/auth/two-factor-step.tsx');
    // Validation keys live in the schemas the forms import.
    expect(signIn.get('Validation')).toContain('lib/domain/auth/schemas.ts');
    const service = clientNamespaces([path.join(LOCALE_DIR, 'service/[service]/page.tsx')]);
    expect([...service.keys()]).toEqual(expect.arrayContaining(['ServicePage', 'Services', 'Realtime']));
    // A type-only import is not client code.
    expect(service.has('Mail')).toBe(false);
  });

  it('are compiled for the browser’s formatter once per catalogue and scope, with the same namespaces and keys', () => {
    const catalogue = tr as Record<string, unknown>;
    for (const scope of ['public', 'sign-in', 'panel', 'all'] as const) {
      const sent = browserMessages(catalogue, scope) as Record<string, Record<string, unknown>>;
      expect(browserMessages(catalogue, scope)).toBe(sent);
      const selected = clientMessages(catalogue, scope) as Record<string, Record<string, unknown>>;
      expect(Object.keys(sent)).toEqual(Object.keys(selected));
      for (const ns of Object.keys(selected)) expect(Object.keys(sent[ns] ?? {}), `${scope} ${ns}`).toEqual(Object.keys(selected[ns] ?? {}));
    }
    // A namespace two layouts both send is one object, which React writes once into the page.
    expect((browserMessages(catalogue, 'panel') as typeof tr).ServicePage).toBe((browserMessages(catalogue) as typeof tr).ServicePage);
    const sent = browserMessages(catalogue) as typeof tr;
    expect(sent.Common.close).toBe(tr.Common.close); // plain text stays text
    expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(clientMessages(catalogue)).length * 1.2);
  });
});
