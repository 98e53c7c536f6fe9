import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { allServices } from '@/platforms';
import { discoverRoutes, METHODS, type Method } from '@/test/fuzz/routes';
import { ROUTE_MODULES } from '@/app/api/_lib/openapi/manifest';
import { openApiPath, type OpenApiDocument, type Operation } from '@/app/api/_lib/openapi/build-openapi';
import { GET } from './route';

/**
 * The OpenAPI description (issue #16) covers every route: a route.ts missing from the manifest
 * (or listed but gone) fails here, and every exported method of every route has an operation
 * carrying what its handler declared.
 */
setupTestDb({ asAppDb: true });
let doc: OpenApiDocument;

beforeAll(async () => {
  const res = await call(GET, { path: '/api/openapi.json' });
  expect(res.status).toBe(200);
  doc = res.body as unknown as OpenApiDocument;
});

const routes = discoverRoutes();
const exported = routes.flatMap((route) => {
  const source = fs.readFileSync(route.file, 'utf8');
  return METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\b${m}\\b[^}]*\\}`).test(source)).map((m) => ({ route, method: m }));
});
const op = (p: string, m: Method) => doc.paths[p]?.[m.toLowerCase() as Lowercase<Method>] as Operation | undefined;

describe('the OpenAPI description', () => {
  it('lists every route file in its manifest, and no other (regenerate: node scripts/gen-openapi-manifest.mjs)', async () => {
    expect(ROUTE_MODULES.map((r) => r.path)).toEqual(routes.map((r) => r.template));
    const { manifestSource } = (await import(/* @vite-ignore */ path.join(process.cwd(), 'scripts/gen-openapi-manifest.mjs'))) as { manifestSource: () => string };
    expect(fs.readFileSync(path.join(process.cwd(), 'app/api/_lib/openapi/manifest.ts'), 'utf8')).toBe(manifestSource());
  });

  it('is OpenAPI 3.1 with an operation for every exported method of every route, with its declared auth level', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    let count = 0;
    for (const { route, method } of exported) {
      const handler = ((await import(/* @vite-ignore */ route.file)) as Record<string, { auth?: string; paths?: ReadonlyMap<string, { auth?: string }> }>)[method]!;
      // A route file of the registry's paths (/api/[platform]/[service]) is described path by path.
      for (const [path, declared] of handler.paths ? [...handler.paths] : [[route.template, handler] as const]) {
        count++;
        const operation = op(openApiPath(path), method);
        if (!operation) missing.push(`${method} ${path}`);
        else expect(operation['x-auth'], `${method} ${path}`).toBe(declared.auth ?? 'none');
      }
    }
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(count);
    expect(new Set(operations.map((o) => o!.operationId)).size).toBe(operations.length);
  });

  it('describes bodies, queries and path params from the zod schemas the handlers use', () => {
    const create = op('/api/api-keys', 'POST')!;
    expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 60 }, currentPassword: { type: 'string' } },
      required: ['name', 'currentPassword'],
    });
    expect(create.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(op('/api/api-keys/{id}', 'DELETE')!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', pattern: expect.any(String) }) })]);
    expect(op('/api/api-keys/admin', 'GET')!.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([
      ['limit', 'query', false],
      ['offset', 'query', false],
      ['userId', 'query', false],
      ['revoked', 'query', false],
      ['q', 'query', false],
    ]);
    expect(op('/api/api-keys/admin', 'GET')!['x-auth']).toBe('admin');
    expect(op('/api/duyurular', 'GET')!.security).toEqual([]);
    // The registry's sends keep their §7 paths, each with its own body (issue #34).
    for (const { platform, service } of allServices()) {
      const body = op(`/api/${platform.key}/${service.path}`, 'POST')!.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown> };
      expect(Object.keys(body.properties), service.key).toContain(service.input === 'text' ? 'tweet_text' : platform.linkField);
    }
    expect(op('/api/twitter/new-tweet/quote', 'POST')!['x-auth']).toBe('user');
    expect(op('/api/instagram/profiles', 'GET')!['x-auth']).toBe('public');
  });

  it('describes a package’s names in three languages and the localized one (issue #32 item 6)', () => {
    const body = op('/api/paketler', 'POST')!.requestBody!.content['application/json']!.schema as { properties: Record<string, { description?: string; maxLength?: number }>; required: string[] };
    expect(body.required).toContain('ad');
    expect(body.required).not.toContain('ad_en');
    expect(body.properties.ad_en!.description).toMatch(/English name/);
    expect(body.properties.ad_de!.description).toMatch(/German name/);
    const list = op('/api/paketler', 'GET')!;
    expect(list.description).toMatch(/ad_en.*ad_de.*gorunen_ad/s);
    expect(list.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([['lang', 'query', false]]);
  });

  it('describes the reseller protocol: form or JSON bodies with the key, one answer per action, the protocol’s errors', () => {
    const v2 = op('/api/v2', 'POST')!;
    expect(Object.keys(v2.requestBody!.content)).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json']);
    const body = v2.requestBody!.content['application/json']!.schema as { allOf: [{ required: string[] }, { oneOf: { properties: { action: { const: string } } }[] }] };
    expect(body.allOf[0].required).toEqual(['key']);
    expect(body.allOf[1].oneOf.map((o) => o.properties.action.const)).toEqual(['services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance']);
    const answers = (v2.responses['200'] as { content: { 'application/json': { schema: { oneOf: { title: string }[] } } } }).content['application/json'].schema.oneOf;
    // A refusal is an HTTP 200 too (issue #33 item 2); 4xx/5xx only for an unreadable body or a fault of ours.
    expect(answers.map((a) => a.title)).toEqual(['services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance', 'refusal']);
    expect(Object.keys(v2.responses).sort()).toEqual(['200', '4XX', '5XX']);
    expect(op('/api/v2', 'GET')).toBeDefined();
    expect(v2['x-auth']).toBe('apiKey');
    expect(v2.security).toEqual([{ apiKeyField: [] }, { apiKeyHeader: [] }]);
  });

  it('resolves every $ref inside the document', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const target = ref.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
      expect(target, ref).toBeDefined();
    }
  });
});
