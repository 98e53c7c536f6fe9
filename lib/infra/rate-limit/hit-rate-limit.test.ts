import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { rateLimitBuckets } from '@/db/schema';
import { clearRateLimit, clientIp, enforceRateLimit, hitRateLimit, pruneRateLimits, refundRateLimit, startWait, takeRateLimits, waitSeconds } from './index';

const t = setupTestDb();

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
    expect((err as { extra: Record<string, unknown> }).extra).toEqual({ remainingSeconds: params.seconds });
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

describe('several rules taken together', () => {
  it('counts a hit on every rule while all are under their limits', async () => {
    const rules = [
      { key: 'take:a1', limit: 5, windowSeconds: 60 },
      { key: 'take:a2', limit: 5, windowSeconds: 60 },
    ];
    await takeRateLimits(t.db, rules);
    const results = await takeRateLimits(t.db, rules);
    expect(results.map((r) => r.count)).toEqual([2, 2]);
  });

  it('refuses with the longest wait when one rule is over, and counts the refused attempt on none', async () => {
    const short = { key: 'take:b1', limit: 10, windowSeconds: 30 };
    const tight = { key: 'take:b2', limit: 1, windowSeconds: 600 };
    await takeRateLimits(t.db, [short, tight]);
    for (let i = 0; i < 3; i++) {
      const err = await takeRateLimits(t.db, [short, tight]).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect((err as { params: { seconds: number } }).params.seconds).toBeGreaterThan(500);
    }
    // Only the admitted attempt counted on the rule that still had room.
    expect(await hitRateLimit(t.db, short)).toMatchObject({ count: 2 });
  });
});

describe('required waits', () => {
  it('reports the seconds left of a wait, none once it has run out or was cleared', async () => {
    expect(await waitSeconds(t.db, 'wait:a')).toBe(0);
    await startWait(t.db, 'wait:a', 40);
    const left = await waitSeconds(t.db, 'wait:a');
    expect(left).toBeGreaterThan(35);
    expect(left).toBeLessThanOrEqual(40);
    await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimitBuckets.key, 'wait:a'));
    expect(await waitSeconds(t.db, 'wait:a')).toBe(0);
    await startWait(t.db, 'wait:a', 40);
    await clearRateLimit(t.db, 'wait:a');
    expect(await waitSeconds(t.db, 'wait:a')).toBe(0);
  });

  it('never shortens a longer wait already running', async () => {
    await startWait(t.db, 'wait:b', 300);
    await startWait(t.db, 'wait:b', 5);
    expect(await waitSeconds(t.db, 'wait:b')).toBeGreaterThan(290);
  });
});

describe('the caller address', () => {
  it('comes from the peer header the server sets, ignoring X-Forwarded-For by default', () => {
    const req = new Request('http://localhost/api/x', { headers: { 'x-etk-peer': '::ffff:10.0.0.7', 'x-forwarded-for': '6.6.6.6' } });
    expect(clientIp(req)).toBe('10.0.0.7');
    expect(clientIp(new Request('http://localhost/api/x'))).toBe('unknown');
  });
});
