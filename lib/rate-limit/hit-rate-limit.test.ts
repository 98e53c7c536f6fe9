import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, onPostgres, type TestDb } from '@/test/db';
import { rateLimitBuckets } from '@/db/schema';
import { clientIp, enforceRateLimit, hitRateLimit, pruneRateLimits, refundRateLimit } from './index';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe('fixed-window rate limits', () => {
  it('allows up to the limit in a window and refuses the next hit with the seconds left', async () => {
    const rule = { key: 'test:a', limit: 3, windowSeconds: 60 };
    for (let i = 1; i <= 3; i++) expect(await hitRateLimit(t.db, rule)).toMatchObject({ allowed: true, count: i });
    const over = await hitRateLimit(t.db, rule);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeGreaterThan(50);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has ended', async () => {
    const rule = { key: 'test:b', limit: 1, windowSeconds: 60 };
    await hitRateLimit(t.db, rule);
    expect((await hitRateLimit(t.db, rule)).allowed).toBe(false);
    await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimitBuckets.key, 'test:b'));
    expect(await hitRateLimit(t.db, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps separate counters per key', async () => {
    await hitRateLimit(t.db, { key: 'test:c1', limit: 1, windowSeconds: 60 });
    expect((await hitRateLimit(t.db, { key: 'test:c2', limit: 1, windowSeconds: 60 })).allowed).toBe(true);
  });

  it('throws RATE_LIMITED with status 429 and a Retry-After header', async () => {
    const rule = { key: 'test:d', limit: 1, windowSeconds: 30 };
    await enforceRateLimit(t.db, rule);
    const err = await enforceRateLimit(t.db, rule).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const { headers, params } = err as { headers: Record<string, string>; params: { seconds: number } };
    expect(Number(headers['retry-after'])).toBe(params.seconds);
    expect(params.seconds).toBeGreaterThan(0);
  });

  it('gives a hit back on refund, never below zero', async () => {
    const rule = { key: 'test:e', limit: 1, windowSeconds: 60 };
    await hitRateLimit(t.db, rule);
    await refundRateLimit(t.db, 'test:e');
    await refundRateLimit(t.db, 'test:e');
    expect(await hitRateLimit(t.db, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('prunes buckets whose window has ended', async () => {
    await hitRateLimit(t.db, { key: 'test:old', limit: 1, windowSeconds: 60 });
    await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimitBuckets.key, 'test:old'));
    expect(await pruneRateLimits(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, 'test:old'))).toHaveLength(0);
  });

  it.skipIf(!onPostgres())('counts every hit exactly once under concurrency', async () => {
    const rule = { key: 'test:race', limit: 25, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 60 }, () => hitRateLimit(t.db, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});

describe('the caller address', () => {
  it('comes from the peer header the server sets, ignoring X-Forwarded-For by default', () => {
    const req = new Request('http://localhost/api/x', { headers: { 'x-etk-peer': '::ffff:10.0.0.7', 'x-forwarded-for': '6.6.6.6' } });
    expect(clientIp(req)).toBe('10.0.0.7');
    expect(clientIp(new Request('http://localhost/api/x'))).toBe('unknown');
  });
});
