import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, siteSettings, users } from '@/db/schema';
import { setupWorld, makeUser, URLS } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { processOrder } from '@/lib/domain/operations';
import type { ProviderClient, ProviderTask } from '@/lib/domain/provider';
import { GET, POST } from '@/app/api/v2/route';

/**
 * Issue #33 items 2, 3 and 5: /api/v2 driven the way third-party reseller tools drive it: form
 * fields, no Accept-Language, and a refusal read from the body of an HTTP 200 (a Python client
 * calls raise_for_status() first; the PHP Api class never looks at the status).
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 50, profilLimit: 10 }, instagram: { gunlukLimit: 50, profilLimit: 10 }, youtube: { gunlukLimit: 50, profilLimit: 10 } };

beforeAll(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
}, 120_000);

async function reseller(options: Parameters<typeof makeUser>[1] = { packages: PKG }) {
  const made = await makeUser(w.t, options);
  return { ...made, key: (await makeApiKey(w.t.db, made.user.id)).key };
}

/** As a tool sends it: `application/x-www-form-urlencoded`, no language header, nothing else. */
async function asTool(fields: Record<string, string>, init: { method?: string; url?: string; headers?: Record<string, string>; body?: string } = {}) {
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', ...init.headers });
  const req = new Request(init.url ?? 'http://localhost/api/v2', { method: init.method ?? 'POST', headers, body: init.method === 'GET' ? undefined : (init.body ?? new URLSearchParams(fields).toString()) });
  const res = await (init.method === 'GET' ? GET : POST)(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
}

describe('refusals as the protocol answers them (item 2)', () => {
  it('answers every refusal with HTTP 200 and {error, code}, its numbers as text', async () => {
    const none = await reseller({ packages: {} });
    const cases: [Record<string, string>, string][] = [
      [{ key: 'etk_' + 'z'.repeat(43), action: 'balance' }, 'INVALID_API_KEY'],
      [{ key: none.key, action: 'explode' }, 'UNKNOWN_ACTION'],
      [{ key: none.key, action: 'add', service: 'nope', link: URLS.tweet, quantity: '1' }, 'VALIDATION_FAILED'],
      [{ key: none.key, action: 'add', service: 'like', link: URLS.tweet, quantity: '1' }, 'NO_PACKAGE'],
      [{ key: none.key, action: 'status', order: '00000000-0000-4000-8000-000000000000' }, 'ORDER_NOT_FOUND'],
      [{ key: none.key, action: 'refill', order: 'x' }, 'ORDER_NOT_FOUND'],
      [{ key: none.key, action: 'refill_status', refill: '00000000-0000-4000-8000-000000000000' }, 'REFILL_NOT_FOUND'],
      [{ key: none.key, action: 'cancel', order: 'x' }, 'ORDER_NOT_FOUND'],
    ];
    for (const [fields, code] of cases) {
      const res = await asTool(fields);
      expect(res.status, code).toBe(200);
      expect(res.body, code).toMatchObject({ code, error: expect.any(String) });
      expect(res.body, code).not.toHaveProperty('success');
      expect(res.body, code).not.toHaveProperty('mesaj');
    }

    const small = await reseller({ packages: { twitter: { gunlukLimit: 5, profilLimit: 2 } }, bakiyeCents: 7 });
    const over = await asTool({ key: small.key, action: 'add', service: 'like', link: URLS.tweet, quantity: '3' });
    expect(over).toMatchObject({ status: 200, body: { code: 'PROFILE_LIMIT_EXCEEDED', limit: '2' } });
    const poor = await asTool({ key: small.key, action: 'add', service: 'new_tweet', comments: 'Selam', quantity: '1' });
    expect(poor).toMatchObject({ status: 200, body: { code: 'INSUFFICIENT_BALANCE', current: '0.07', required: expect.stringMatching(/^\d+\.\d{2}$/) } });
    // Nothing was made or charged by any of them.
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, small.user.id))).toEqual([]);
    const [row] = await w.t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, small.user.id));
    expect(row!.b).toBe(7);
  });

  it('keeps an HTTP error only for a body it cannot read', async () => {
    const r = await reseller();
    const malformed = await asTool({}, { headers: { 'content-type': 'application/json' }, body: '{"key": ' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON', error: 'The request body is not valid JSON.' } });
    const huge = await asTool({}, { body: `key=${r.key}&action=balance&x=${'a'.repeat(1024 * 1024)}` });
    expect(huge).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers GET with JSON saying to use POST', async () => {
    const res = await asTool({}, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'This address takes POST requests only: send the key and action fields as a form.', code: 'USE_POST' });
    expect((await asTool({}, { method: 'GET', url: 'http://localhost/api/v2?lang=de' })).body.error).toMatch(/^Diese Adresse nimmt nur POST/);
  });
});

describe('the language (item 3)', () => {
  it('speaks English without Accept-Language, and tr or de when `lang` or the header asks', async () => {
    const r = await reseller();
    const services = async (fields: Record<string, string>, headers?: Record<string, string>) =>
      (await callV2({ key: r.key, action: 'services', ...fields }, { headers })).body as { key: string; name: string; category: string }[];
    const english = await services({});
    expect(english.find((s) => s.key === 'like')).toMatchObject({ name: 'Like', category: 'Twitter' });
    expect(english.find((s) => s.key === 'bookmark')?.name).toBe('Bookmark');
    expect((await services({ lang: 'tr' })).find((s) => s.key === 'like')?.name).toBe('Beğeni');
    expect((await services({}, { 'accept-language': 'de-DE,de;q=0.9' })).find((s) => s.key === 'like')?.name).toBe('Gefällt mir');
    // `lang` wins over the header; an unknown `lang` falls back to the header, then to English.
    expect((await services({ lang: 'tr' }, { 'accept-language': 'de' })).find((s) => s.key === 'like')?.name).toBe('Beğeni');
    expect((await services({ lang: 'xx' })).find((s) => s.key === 'like')?.name).toBe('Like');
    const refusal = await asTool({ key: r.key, action: 'status', order: 'nope' });
    expect(refusal.body).toEqual({ error: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    expect((await asTool({ key: r.key, action: 'status', order: 'nope', lang: 'tr' })).body.error).toBe('Sipariş bulunamadı.');
  });
});

describe('errors[].path in the protocol’s names (item 5)', () => {
  it('names the field the caller sent, never an internal one', async () => {
    const r = await reseller({ packages: PKG, bakiyeCents: 100_000 });
    const pathsOf = async (fields: Record<string, string>) => {
      const res = await asTool({ key: r.key, action: 'add', ...fields });
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(res.body)).toBe('VALIDATION_FAILED');
      const errors = res.body.errors as { path: string; message: string }[];
      for (const e of errors) expect(e.message).toEqual(expect.any(String));
      return [...new Set(errors.map((e) => e.path))];
    };
    expect(await pathsOf({ service: 'like', link: 'https://example.com/x', quantity: '1' })).toEqual(['link']);
    expect(await pathsOf({ service: 'reels_like', link: URLS.tweet, quantity: '1' })).toEqual(['link']);
    expect(await pathsOf({ service: 'youtube_like', link: URLS.reel, quantity: '1' })).toEqual(['link']);
    expect(await pathsOf({ service: 'reels_comment', link: URLS.reel, quantity: '1', comments: 'x'.repeat(1500) })).toEqual(['comments']);
    expect(await pathsOf({ service: 'new_tweet', quantity: '1' })).toEqual(['comments']);
    expect(await pathsOf({ service: 'new_tweet', quantity: '1', comments: 'Selam', link: 'https://example.com/q' })).toEqual(['link']);
    expect(await pathsOf({ service: 'like', link: URLS.tweet, quantity: '0' })).toContain('quantity');
    expect(await pathsOf({ service: 'like', link: URLS.tweet, quantity: '1', request_id: 'a b' })).toEqual(['request_id']);
    expect(await pathsOf({ service: 'like', link: URLS.tweet, quantity: '1', runs: '3' })).toEqual(['runs']);
    expect(await pathsOf({ service: 'like', link: URLS.tweet, quantity: '1', runs: '3', interval: '99999' })).toEqual(['interval', 'runs']);
  });
});

/** The order's UUID, which the worker takes, from the number the protocol answers. */
async function uuidOf(number: number): Promise<string> {
  const [row] = await w.t.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return row!.id;
}

describe('start_count (item 4)', () => {
  /** A provider that completes every task at once, reporting `start_count` when given one (contract 1.2). */
  const provider = (startCount: unknown): ProviderClient =>
    ({
      send: async (_url: string, body: { profile_ids: string[] }) =>
        ({
          task_id: `t-${Math.random()}`,
          status: 'completed',
          results: body.profile_ids.map((id) => ({ profile_id: id, result: 'success' as const })),
          ...(startCount === undefined ? {} : { start_count: startCount }),
        }) as ProviderTask,
      status: async () => {
        throw new Error('not used');
      },
    }) as unknown as ProviderClient;

  it('passes the provider’s count as digits, "0" before the start and when the provider does not report one', async () => {
    const r = await reseller();
    const place = async (link: string) => {
      const res = await asTool({ key: r.key, action: 'add', service: 'like', link, quantity: '2' });
      expect(res.body).toHaveProperty('order');
      return res.body.order as number;
    };
    const reported = await place('https://x.com/etkilesim/status/1793300000000000001');
    const before = await asTool({ key: r.key, action: 'status', order: String(reported) });
    expect(before.body).toMatchObject({ status: 'Pending', start_count: '0', remains: '2' });
    await processOrder(w.t.db, await uuidOf(reported), { client: provider(1412), emit: () => {} });
    const after = await asTool({ key: r.key, action: 'status', order: String(reported) });
    expect(after.body).toMatchObject({ status: 'Completed', start_count: '1412', remains: '0' });
    const [row] = await w.t.db.select({ startCount: orders.startCount }).from(orders).where(eq(orders.number, reported));
    expect(row!.startCount).toBe(1412);

    const silent = await place('https://x.com/etkilesim/status/1793300000000000002');
    await processOrder(w.t.db, await uuidOf(silent), { client: provider(undefined), emit: () => {} });
    expect((await asTool({ key: r.key, action: 'status', order: String(silent) })).body).toMatchObject({ status: 'Completed', start_count: '0' });
  });
});
