import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { open } from '@/db/client';
import { databaseDownForMs } from '@/db/reachability';
import { users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { unreachablePort } from '@/test/ports';
import { MAX_BODY_BYTES, ok, route } from './route';

const schema = z.object({ name: z.string().min(1) });
const echo = route({ auth: 'public', body: schema }, async ({ input }) => ok({ got: input.name }));

const t = setupTestDb({ asAppDb: true });
const tokens = { customer: '', adminPlain: '', admin: '' };

beforeAll(async () => {
  const [customer] = await t.db.insert(users).values({ adSoyad: 'Cem', email: 'cem@example.com', passwordHash: 'x' }).returning();
  const [admin] = await t.db.insert(users).values({ adSoyad: 'Ada', email: 'ada@example.com', passwordHash: 'x', rol: 'admin' }).returning();
  tokens.customer = await signToken(t.db, customer!, 'user');
  tokens.adminPlain = await signToken(t.db, admin!, 'user');
  tokens.admin = await signToken(t.db, admin!, 'admin');
});

describe('the route wrapper', () => {
  it('answers success with the fields at the top level', async () => {
    const res = await call(echo, { body: { name: 'Ada' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, got: 'Ada' });
    // A small answer is not worth compressing: no-transform keeps Next's gzip off it (issue #19).
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    const big = await call(echo, { body: { name: 'A'.repeat(1500) } });
    expect(big.headers.get('cache-control')).toBe('no-store');
  });

  it('turns malformed JSON into a 400 with a localized mesaj', async () => {
    const res = await call(echo, { method: 'POST', rawBody: '{"name":', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'MALFORMED_JSON', mesaj: 'The request body is not valid JSON.' });
  });

  it('answers a body the client stops sending with 400 REQUEST_ABORTED, and never takes it for a database outage', async () => {
    // What Node gives a route when the client goes away mid-body: the stream fails with ECONNRESET ("aborted").
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"hal'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const req = new Request('http://localhost/api/echo', { method: 'POST', body, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, duplex: 'half' } as RequestInit);
    const res = await echo(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'REQUEST_ABORTED', mesaj: 'The connection ended before the request body arrived. Please try again.' });
    expect(databaseDownForMs()).toBe(0);
  });

  it('refuses a body over 1 MB with 413, even without a Content-Length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await call(echo, { method: 'POST', rawBody: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('turns a schema failure into a 400 VALIDATION_FAILED, in Turkish by default', async () => {
    const res = await call(echo, { body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', mesaj: 'Gönderilen bilgiler geçersiz.' });
  });

  it('maps an AppError to the status of its code in the table, with its message parameters', async () => {
    const limited = route({ auth: 'public' }, () => {
      throw new AppError('RATE_LIMITED', { params: { seconds: 12 }, headers: { 'retry-after': '12' } });
    });
    const res = await call(limited, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('12');
    expect(res.body.mesaj).toBe('Zu viele Versuche. Bitte versuchen Sie es in 12 Sekunden erneut.');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const broken = route({ auth: 'public' }, () => {
      throw new Error('connection string postgres://secret');
    });
    const res = await call(broken);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, code: 'INTERNAL', mesaj: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.' });
  });

  it('answers 503 TEMPORARILY_UNAVAILABLE with Retry-After, in the request\'s language, while the database cannot be reached', async () => {
    // A port nobody listens on: the real driver's refused connection, wrapped by drizzle.
    const { port } = await unreachablePort();
    const down = await open({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, max: 1, migrate: false });
    try {
      const reads = route({ auth: 'public' }, async () => {
        await down.db.select({ id: users.id }).from(users).limit(1);
        return ok();
      });
      const res = await call(reads, { headers: { 'accept-language': 'de' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({
        success: false,
        code: 'TEMPORARILY_UNAVAILABLE',
        mesaj: 'Der Dienst ist kurzzeitig nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
      });
    } finally {
      await down.close();
      // The refusal marked the database down (db/reachability.ts); the probe finds this file's
      // database answering within a second.
      for (let i = 0; i < 60 && databaseDownForMs() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('parses the query and the route params with their schemas', async () => {
    const h = route(
      { auth: 'public', query: z.object({ limit: z.coerce.number().int().max(50) }), params: z.object({ id: z.string().regex(/^\d+$/) }) },
      async ({ query, params }) => ok({ limit: query.limit, id: params.id }),
    );
    expect((await call(h, { path: '/api/x/7?limit=5', params: { id: '7' } })).body).toEqual({ success: true, limit: 5, id: '7' });
    expect(await call(h, { path: '/api/x/7?limit=500', params: { id: '7' } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(await call(h, { path: '/api/x/a?limit=5', params: { id: 'a' } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('hands a raw body to a route that asks for it, within the same size limit', async () => {
    const raw = route({ auth: 'public', body: 'raw' }, async ({ input }) => ok({ length: input.length }));
    expect((await call(raw, { method: 'POST', rawBody: 'not json at all' })).body).toEqual({ success: true, length: 15 });
    expect((await call(raw, { method: 'POST', rawBody: 'x'.repeat(MAX_BODY_BYTES + 1) })).status).toBe(413);
  });
});

describe('input the database or a decoder would choke on', () => {
  it('refuses NUL and lone surrogates anywhere in the body, the query or the params with 400 VALIDATION_FAILED', async () => {
    const loose = route(
      { auth: 'public', body: z.record(z.string(), z.unknown()), query: z.object({ q: z.string().optional() }), params: z.object({ id: z.string() }) },
      async () => ok(),
    );
    const bad = ['a\u0000b', 'x\ud800', '\udc00'];
    for (const v of bad) {
      for (const res of [
        await call(loose, { body: { deep: [{ v }] }, params: { id: '1' } }),
        await call(loose, { body: { [v]: 1 }, params: { id: '1' } }),
        await call(loose, { body: {}, path: `/api/x?q=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%00`, params: { id: '1' } }),
        await call(loose, { body: {}, params: { id: v } }),
      ]) {
        expect(res).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_FAILED' } });
      }
    }
    expect((await call(loose, { body: { ok: 'ğüş 😀' }, params: { id: '1' } })).status).toBe(200);
  });

  it('ignores a cookie with a broken %-escape: the caller is a visitor, or the bearer token’s user', async () => {
    const who = route({ auth: 'optional' }, async ({ user }) => ok({ id: user?.id ?? null }));
    for (const cookie of ['next-auth.session-token=%E0%A4%A', 'next-auth.session-token=%; NEXT_LOCALE=%zz']) {
      expect(await call(who, { method: 'POST', rawBody: '', headers: { cookie } })).toMatchObject({ status: 200, body: { id: null } });
      const withBearer = await call(who, { method: 'POST', rawBody: '', headers: { cookie }, token: tokens.customer });
      expect(withBearer.status).toBe(200);
      expect(withBearer.body.id).not.toBeNull();
    }
  });
});

describe('the auth levels of the route wrapper', () => {
  const whoAmI = (auth: 'public' | 'optional' | 'user' | 'admin') =>
    route({ auth }, async ({ user }) => ok({ id: user?.id ?? null, kind: user?.kind ?? null }));

  it('reads no session on a public route', async () => {
    const res = await call(whoAmI('public'), { token: tokens.admin });
    expect(res.body).toEqual({ success: true, id: null, kind: null });
  });

  it('gives an optional route the caller or nobody', async () => {
    expect((await call(whoAmI('optional'))).body.id).toBeNull();
    expect((await call(whoAmI('optional'), { token: 'forged' })).body.id).toBeNull();
    expect((await call(whoAmI('optional'), { token: tokens.customer })).body.kind).toBe('user');
  });

  it('asks a visitor to log in on a user route and lets any account in', async () => {
    expect(await call(whoAmI('user'))).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    for (const token of [tokens.customer, tokens.adminPlain, tokens.admin]) expect((await call(whoAmI('user'), { token })).status).toBe(200);
  });

  it('lets only an admin-login session into an admin route: an admin account’s plain-login token gets 403', async () => {
    expect(await call(whoAmI('admin'))).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await call(whoAmI('admin'), { token: tokens.customer })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await call(whoAmI('admin'), { token: tokens.adminPlain })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await call(whoAmI('admin'), { token: tokens.admin })).toMatchObject({ status: 200, body: { kind: 'admin' } });
  });

  it('checks the caller before it reads the input', async () => {
    const h = route({ auth: 'admin', body: schema }, async () => ok());
    expect((await call(h, { rawBody: '{', method: 'POST' })).status).toBe(401);
    expect((await call(h, { rawBody: '{', method: 'POST', token: tokens.adminPlain })).status).toBe(403);
    expect((await call(h, { rawBody: '{', method: 'POST', token: tokens.admin })).status).toBe(400);
  });
});
