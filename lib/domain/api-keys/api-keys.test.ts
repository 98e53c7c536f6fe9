import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { apiKeys, auditLog, rateLimitBuckets, users } from '@/db/schema';
import { hashPassword } from '@/lib/domain/credentials';
import { setupAdmin } from '@/test/fixtures/admin';
import { callV2 } from '@/app/api/v2/call-v2';
import { call } from '@/test/http';
import { open } from '@/db/client';
import { onPostgres } from '@/test/fixtures/db';
import { hitRateLimit } from '@/lib/infra/rate-limit';
import * as keysRoute from '@/app/api/api-keys/route';
import * as keyById from '@/app/api/api-keys/[id]/route';
import * as rotateRoute from '@/app/api/api-keys/[id]/rotate/route';
import * as adminKeys from '@/app/api/api-keys/admin/route';
import * as adminKeyById from '@/app/api/api-keys/admin/[id]/route';
import { API_KEY_REQUESTS_PER_MINUTE, apiKeyRequestRule, hashApiKey, MAX_API_KEYS } from '.';

const f = setupAdmin();
const PASSWORD = 'dogru-sifre';
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  alice = await f.makeUser({ adSoyad: 'Alice', passwordHash });
  bob = await f.makeUser({ adSoyad: 'Bob', passwordHash });
});

const create = (token: string, body: unknown) => call(keysRoute.POST, { token, body, headers: { 'accept-language': 'en' } });
const list = async (token: string) => (await call(keysRoute.GET, { token })).body.api_keys as { id: number; name: string; prefix: string; created_at: string; last_used_at: string | null }[];
const revoke = (token: string, id: number) => call(keyById.DELETE, { method: 'DELETE', token, params: { id: String(id) } });

describe('creating API keys', () => {
  it('shows the key once, stores only its SHA-256 and lists it by prefix, creation and last use', async () => {
    const res = await create(alice.token, { name: 'Bayi scripti', currentPassword: PASSWORD });
    expect(res.status).toBe(201);
    const key = res.body.key as string;
    expect(key).toMatch(/^etk_[A-Za-z0-9_-]{43}$/);
    const apiKey = res.body.api_key as { id: number; name: string; prefix: string };
    expect(apiKey).toMatchObject({ name: 'Bayi scripti', prefix: key.slice(0, 12) });

    const [row] = await f.t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await list(alice.token);
    expect(listed).toEqual([expect.objectContaining({ id: apiKey.id, name: 'Bayi scripti', prefix: key.slice(0, 12), last_used_at: null })]);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await call(keysRoute.GET, { token: alice.token })).body.endpoint).toMatch(/\/api\/v2$/);

    // First use sets last_used_at.
    expect((await callV2({ key, action: 'balance' })).body).toMatchObject({ currency: 'USD' });
    expect((await list(alice.token))[0]!.last_used_at).not.toBeNull();
    await revoke(alice.token, apiKey.id);
  });

  it('needs the current password and a name', async () => {
    expect((await create(alice.token, { name: 'x' })).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await create(alice.token, { name: ' ', currentPassword: PASSWORD })).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const wrong = await create(alice.token, { name: 'x', currentPassword: 'yanlis' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'CURRENT_PASSWORD_WRONG' });
    expect((await call(keysRoute.POST, { body: { name: 'x', currentPassword: PASSWORD } })).status).toBe(401);
  });

  it('limits wrong passwords to 5 per 15 minutes per account; right ones do not count', async () => {
    const carol = await f.makeUser({ passwordHash: await hashPassword(PASSWORD) });
    for (let i = 0; i < 4; i++) expect((await create(carol.token, { name: 'k', currentPassword: 'bad' })).status).toBe(400);
    const good = await create(carol.token, { name: 'k', currentPassword: PASSWORD });
    expect(good.status).toBe(201);
    expect((await create(carol.token, { name: 'k', currentPassword: 'bad' })).status).toBe(400);
    const limited = await create(carol.token, { name: 'k', currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(`allows at most ${MAX_API_KEYS} working keys; revoking one makes room`, async () => {
    const dave = await f.makeUser({ passwordHash: await hashPassword(PASSWORD) });
    const ids: number[] = [];
    for (let i = 0; i < MAX_API_KEYS; i++) {
      const res = await create(dave.token, { name: `k${i}`, currentPassword: PASSWORD });
      expect(res.status).toBe(201);
      ids.push((res.body.api_key as { id: number }).id);
    }
    const sixth = await create(dave.token, { name: 'k5', currentPassword: PASSWORD });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ code: 'API_KEY_LIMIT', mesaj: 'You can have at most 5 API keys. Revoke one to create another.' });
    expect((await revoke(dave.token, ids[0]!)).status).toBe(200);
    expect((await create(dave.token, { name: 'k5', currentPassword: PASSWORD })).status).toBe(201);
    expect(await list(dave.token)).toHaveLength(MAX_API_KEYS);
  });
});

describe('revoking and rotating', () => {
  it('revokes the caller’s own key at once; another user’s key is a 404 and stays working', async () => {
    const a = await create(alice.token, { name: 'A', currentPassword: PASSWORD });
    const b = await create(bob.token, { name: 'B', currentPassword: PASSWORD });
    const aId = (a.body.api_key as { id: number }).id;
    const bId = (b.body.api_key as { id: number }).id;

    const cross = await revoke(alice.token, bId);
    expect(cross.status).toBe(404);
    expect(cross.body).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
    expect((await callV2({ key: b.body.key as string, action: 'balance' })).body).toMatchObject({ currency: 'USD' });
    expect((await revoke(alice.token, 2147483000)).status).toBe(404);
    expect((await revoke(alice.token, 'abc' as unknown as number)).status).toBe(400);

    expect((await revoke(alice.token, aId)).status).toBe(200);
    expect((await callV2({ key: a.body.key as string, action: 'balance' })).body).toMatchObject({ code: 'INVALID_API_KEY' });
    expect((await list(alice.token)).map((k) => k.id)).not.toContain(aId);
    expect((await revoke(alice.token, aId)).status).toBe(404);
    await revoke(bob.token, bId);
  });

  it('rotates a key with the current password: the old secret stops, the new one works', async () => {
    const made = await create(alice.token, { name: 'R', currentPassword: PASSWORD });
    const id = (made.body.api_key as { id: number }).id;
    expect((await call(rotateRoute.POST, { token: alice.token, params: { id: String(id) }, body: { currentPassword: 'bad' } })).status).toBe(400);
    expect((await call(rotateRoute.POST, { token: bob.token, params: { id: String(id) }, body: { currentPassword: PASSWORD } })).status).toBe(404);
    const rotated = await call(rotateRoute.POST, { token: alice.token, params: { id: String(id) }, body: { currentPassword: PASSWORD } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(made.body.key);
    expect((await callV2({ key: made.body.key as string, action: 'balance' })).body).toMatchObject({ code: 'INVALID_API_KEY' });
    expect((await callV2({ key: rotated.body.key as string, action: 'balance' })).body).toMatchObject({ currency: 'USD' });
    await revoke(alice.token, id);
  });
});

describe('the API’s answer to a bad key', () => {
  it('is one identical INVALID_API_KEY (HTTP 200, in English by default) for a missing, malformed, unknown or revoked key and for a deactivated account', async () => {
    const revoked = await create(alice.token, { name: 'gone', currentPassword: PASSWORD });
    await revoke(alice.token, (revoked.body.api_key as { id: number }).id);
    const erin = await f.makeUser({ passwordHash: await hashPassword(PASSWORD) });
    const disabled = await create(erin.token, { name: 'e', currentPassword: PASSWORD });
    await f.t.db.update(users).set({ aktif: false }).where(eq(users.id, erin.id));

    const unknown = 'etk_' + 'A'.repeat(43);
    const answers = await Promise.all(
      [undefined, '', 'hello', unknown, revoked.body.key as string, disabled.body.key as string].map((key) => callV2({ key, action: 'balance' })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.body).toEqual({ error: 'Invalid API key.', code: 'INVALID_API_KEY' });
    // Checked before the body: an unknown action with a bad key says nothing about actions.
    expect((await callV2({ key: unknown, action: 'explode' })).text).toBe(answers[0]!.text);
    // A key that does not work spends nobody's budget: the revoked and the deactivated key have no bucket.
    const buckets = await f.t.db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(inArray(rateLimitBuckets.key, [revoked, disabled].map((r) => apiKeyRequestRule((r.body.api_key as { id: number }).id).key)));
    expect(buckets).toEqual([]);
  });

  it('answers in the request’s language', async () => {
    const res = await callV2({ action: 'balance' }, { headers: { 'accept-language': 'de' } });
    expect(res.body).toEqual({ error: 'Ungültiger API-Schlüssel.', code: 'INVALID_API_KEY' });
    expect((await callV2({ action: 'balance', lang: 'tr' }, { headers: { 'accept-language': 'de' } })).body).toEqual({ error: 'API anahtarı geçersiz.', code: 'INVALID_API_KEY' });
  });
});

describe('the per-key rate limit', () => {
  it(`refuses with RATE_LIMITED, retry_after and Retry-After after ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, per key`, async () => {
    const one = await create(bob.token, { name: 'busy', currentPassword: PASSWORD });
    const two = await create(bob.token, { name: 'calm', currentPassword: PASSWORD });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const res = await callV2({ key: one.body.key as string, action: 'balance' });
      expect(res.body).toMatchObject({ currency: 'USD' });
    }
    const limited = await callV2({ key: one.body.key as string, action: 'balance' }, { headers: { 'accept-language': 'en' } });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/Too many attempts/), retry_after: expect.stringMatching(/^\d+$/) });
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect((await callV2({ key: two.body.key as string, action: 'balance' })).body).toMatchObject({ currency: 'USD' });
    // When the minute has run out, the window starts again at one request.
    const bucket = apiKeyRequestRule((one.body.api_key as { id: number }).id).key;
    await f.t.db.update(rateLimitBuckets).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(rateLimitBuckets.key, bucket));
    expect((await callV2({ key: one.body.key as string, action: 'balance' })).body).toMatchObject({ currency: 'USD' });
    const [row] = await f.t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, bucket));
    expect(row!.count).toBe(1);
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe.skipIf(!onPostgres())('the per-key rate limit across nodes (PostgreSQL)', () => {
  it('counts the requests of every node against one budget', async () => {
    const made = await create(bob.token, { name: 'two nodes', currentPassword: PASSWORD });
    const keyId = (made.body.api_key as { id: number }).id;
    // Another server process: its own connection pool to the same database.
    const other = await open({ databaseUrl: f.t.url!, migrate: false, max: 2 });
    try {
      const half = API_KEY_REQUESTS_PER_MINUTE / 2;
      await Promise.all(Array.from({ length: half }, () => hitRateLimit(other.db, apiKeyRequestRule(keyId))));
      const here = await Promise.all(Array.from({ length: half + 1 }, () => callV2({ key: made.body.key as string, action: 'balance' })));
      // A protocol refusal is HTTP 200 with its code (issue #33 item 2).
      expect(here.filter((r) => (r.body as { currency?: string }).currency === 'USD')).toHaveLength(half);
      expect(here.filter((r) => (r.body as { code?: string }).code === 'RATE_LIMITED')).toHaveLength(1);
    } finally {
      await other.close();
      await revoke(bob.token, keyId);
    }
  });
});

describe('admins and keys', () => {
  it('lists every customer’s keys with their owner and revokes any, recorded in the audit log', async () => {
    const made = await create(alice.token, { name: 'admin-sees', currentPassword: PASSWORD });
    const id = (made.body.api_key as { id: number }).id;
    const listed = await call(adminKeys.GET, { token: f.adminToken, path: `/api/api-keys/admin?userId=${alice.id}&revoked=0` });
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys).toEqual([expect.objectContaining({ id, name: 'admin-sees', revoked_at: null, user: expect.objectContaining({ id: alice.id, ad_soyad: 'Alice' }) })]);
    expect(JSON.stringify(listed.body)).not.toMatch(/key_hash|keyHash/);
    // The owner search of /rooting/api-keys: part of the name or e-mail, case-insensitive, wildcards plain.
    const byName = await call(adminKeys.GET, { token: f.adminToken, path: '/api/api-keys/admin?q=aLiC&revoked=0' });
    expect((byName.body.api_keys as { id: number }[]).map((k) => k.id)).toContain(id);
    expect(byName.body.toplam).toBe((byName.body.api_keys as unknown[]).length);
    const wildcard = await call(adminKeys.GET, { token: f.adminToken, path: '/api/api-keys/admin?q=%25' });
    expect(wildcard.body).toMatchObject({ api_keys: [], toplam: 0 });
    const bobs = await call(adminKeys.GET, { token: f.adminToken, path: '/api/api-keys/admin?q=Bob' });
    expect((bobs.body.api_keys as { user: { id: number } }[]).every((k) => k.user.id === bob.id)).toBe(true);

    expect((await call(adminKeys.GET, { token: alice.token })).status).toBe(403);
    expect((await call(adminKeyById.DELETE, { method: 'DELETE', token: alice.token, params: { id: String(id) } })).status).toBe(403);

    const res = await call(adminKeyById.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(id) }, headers: { 'x-etk-peer': '10.9.8.7' } });
    expect(res.status).toBe(200);
    expect((await callV2({ key: made.body.key as string, action: 'balance' })).body).toMatchObject({ code: 'INVALID_API_KEY' });
    const [entry] = await f.t.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorId: f.adminId, entity: 'api_key', ip: '10.9.8.7', before: expect.objectContaining({ revoked_at: null, prefix: made.body.api_key && (made.body.api_key as { prefix: string }).prefix }) });
    expect(JSON.stringify(entry)).not.toContain(hashApiKey(made.body.key as string));
    expect((await call(adminKeyById.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(id) } })).status).toBe(404);
  });
});
