import { describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { rateLimitBuckets, users } from '@/db/schema';
import { hashPassword } from '@/lib/domain/credentials';
import { loginUser } from './index';

const t = setupTestDb();

let n = 0;
async function makeAccount(rol: 'user' | 'admin' = 'user') {
  const email = `owner${++n}@example.com`;
  await t.db.insert(users).values({ adSoyad: 'Owner', email, passwordHash: await hashPassword('the-right-one'), rol });
  return email;
}

type Outcome = { status: number; seconds?: number };
async function attempt(email: string, password: string, ip: string, kind: 'user' | 'admin' = 'user'): Promise<Outcome> {
  try {
    await loginUser(t.db, { email, password, ip, kind, locale: 'tr' });
    return { status: 200 };
  } catch (err) {
    const e = err as { status: number; params?: { seconds?: number }; extra?: { remainingSeconds?: number }; headers?: Record<string, string> };
    if (e.status === 429) {
      // Retry-After and remainingSeconds say the same.
      expect(Number(e.headers?.['retry-after'])).toBe(e.extra?.remainingSeconds);
      return { status: 429, seconds: e.extra?.remainingSeconds };
    }
    return { status: e.status };
  }
}

/** Lets every running delay end (the test does not sleep through them). */
async function endDelays() {
  await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(like(rateLimitBuckets.key, 'auth:%Wait:%'));
}

/** Fails `count` times from `ip`, letting each delay end first (as a patient attacker would). */
async function failPatiently(email: string, ip: string, count: number, kind: 'user' | 'admin' = 'user') {
  for (let i = 0; i < count; i++) {
    await endDelays();
    expect((await attempt(email, `wrong-${i}`, ip, kind)).status).toBe(401);
  }
}

describe('login limits per account and address', () => {
  it('stops an attacker after 10 failures from one address while the owner logs in from another', async () => {
    const email = await makeAccount();
    await failPatiently(email, '203.0.113.1', 10);
    await endDelays();
    const attacker = await attempt(email, 'the-right-one', '203.0.113.1');
    expect(attacker.status).toBe(429);
    expect(attacker.seconds).toBeGreaterThan(800);
    expect(await attempt(email, 'the-right-one', '198.51.100.7')).toEqual({ status: 200 });
  });

  it('makes one address wait longer after every failure from the 5th on, without counting refused attempts', async () => {
    const email = await makeAccount();
    const ip = '203.0.113.2';
    for (let i = 1; i <= 4; i++) expect((await attempt(email, 'nope', ip)).status).toBe(401);
    const waits: number[] = [];
    for (let failure = 5; failure <= 9; failure++) {
      await endDelays();
      expect((await attempt(email, 'nope', ip)).status).toBe(401);
      // Right away, even the right password must wait; asking again does not lengthen the wait.
      const refused = await attempt(email, 'the-right-one', ip);
      expect(refused.status).toBe(429);
      expect((await attempt(email, 'nope', ip)).status).toBe(429);
      waits.push(refused.seconds!);
    }
    expect(waits).toEqual([5, 10, 20, 40, 80]);
    // The refused attempts were not counted: the 10th failure is still admitted.
    await endDelays();
    expect((await attempt(email, 'nope', ip)).status).toBe(401);
    const [bucket] = await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, `auth:loginAccountIp:${email} ${ip}`));
    expect(bucket!.count).toBe(10);
  });

  it('forgets the failures of an address after a successful login from it', async () => {
    const email = await makeAccount();
    const ip = '203.0.113.3';
    await failPatiently(email, ip, 6);
    await endDelays();
    expect(await attempt(email, 'the-right-one', ip)).toEqual({ status: 200 });
    // A fresh start: four failures without any delay.
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'nope', ip)).status).toBe(401);
  });

  it('does not let an attacker stopped on one address use up the account-wide ceiling', async () => {
    const email = await makeAccount();
    await failPatiently(email, '203.0.113.4', 10);
    for (let i = 0; i < 30; i++) {
      await endDelays();
      expect((await attempt(email, 'nope', '203.0.113.4')).status).toBe(429);
    }
    const [account] = await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, `auth:loginAccount:${email}`));
    expect(account!.count).toBe(10);
  });

  it('locks the account for a quarter of an hour, for everyone, once it has 100 failures from all addresses', async () => {
    const email = await makeAccount();
    for (let a = 0; a < 10; a++) await failPatiently(email, `192.0.2.${a}`, 10);
    // The owner's right password gets the locked answer too (and the one-time link: login-lock.test.ts).
    const owner = await attempt(email, 'the-right-one', '198.51.100.99');
    expect(owner.status).toBe(429);
    expect(owner.seconds).toBeGreaterThan(800);
    expect(owner.seconds).toBeLessThanOrEqual(900);
    // Other accounts are not affected.
    expect(await attempt(await makeAccount(), 'the-right-one', '198.51.100.99')).toEqual({ status: 200 });
  });

  it.skipIf(!onPostgres())('admits exactly 10 guesses from one address however many arrive at once', async () => {
    const email = await makeAccount();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `burst-${i}`, '203.0.113.9')));
    expect(results.filter((r) => r.status === 401)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('treats an unknown e-mail like a known one (same counting and delays)', async () => {
    const ip = '203.0.113.5';
    await failPatiently('nobody-at-all@example.com', ip, 5);
    expect(await attempt('nobody-at-all@example.com', 'nope', ip)).toEqual({ status: 429, seconds: 5 });
  });
});

describe('admin login limits per account and address', () => {
  it('stops an attacker after 5 failures from one address, with delays from the 3rd, while the admin logs in from another', async () => {
    const email = await makeAccount('admin');
    const ip = '203.0.113.6';
    expect((await attempt(email, 'nope', ip, 'admin')).status).toBe(401);
    expect((await attempt(email, 'nope', ip, 'admin')).status).toBe(401);
    expect((await attempt(email, 'nope', ip, 'admin')).status).toBe(401);
    expect(await attempt(email, 'the-right-one', ip, 'admin')).toEqual({ status: 429, seconds: 5 });
    await failPatiently(email, ip, 2, 'admin');
    await endDelays();
    expect((await attempt(email, 'the-right-one', ip, 'admin')).status).toBe(429);
    expect(await attempt(email, 'the-right-one', '198.51.100.8', 'admin')).toEqual({ status: 200 });
  });
});
