import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDb, createTestDb } from '@/test/fixtures/db';
import { announcements, packages, platforms, siteSettings, users } from '@/db/schema';
import { resetDemoPasswords, seed } from './index';
import { ENDPOINT_KEYS } from '@/lib/domain/catalogue/services';
import { verifyPassword } from '@/lib/domain/credentials';

const t = setupTestDb();

const options = { baseUrl: 'http://127.0.0.1:3000', adminEmail: 'Boss@Example.com', demo: true };

describe('seed', () => {
  it('creates an active platform for every platform of the registry, with an endpoint URL for every §3 key', async () => {
    const result = await seed(t.db, options);
    const rows = await t.db.select().from(platforms).orderBy(platforms.sortOrder);
    expect(rows.map((r) => [r.ad, r.aktif])).toEqual([
      ['twitter', true],
      ['instagram', true],
      ['youtube', true],
      ['tiktok', true],
    ]);
    for (const row of rows) {
      expect(Object.keys(row.apiEndpoints).sort()).toEqual([...ENDPOINT_KEYS[row.ad]].sort());
      for (const url of Object.values(row.apiEndpoints)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/sim-provider\//);
    }
    const admin = result.created.find((c) => c.role === 'admin');
    expect(admin?.email).toBe('boss@example.com');
    expect(admin?.generated).toBe(true);
    const [stored] = await t.db.select().from(users).where(sql`${users.rol} = 'admin'`);
    expect(await verifyPassword(stored!.passwordHash, admin!.password)).toBe(true);
  });

  it('is idempotent: a second run adds nothing and prints no password', async () => {
    const count = async (table: typeof packages | typeof announcements | typeof users | typeof platforms) =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    const before = [await count(packages), await count(announcements), await count(users), await count(platforms)];
    const result = await seed(t.db, options);
    expect(result.created).toEqual([]);
    expect([await count(packages), await count(announcements), await count(users), await count(platforms)]).toEqual(before);
    expect(await t.db.select().from(siteSettings)).toHaveLength(1);
  });

  it('moves simulated-provider URLs to a new port but never touches URLs an admin set', async () => {
    await t.db
      .update(platforms)
      .set({ apiEndpoints: sql`jsonb_set(${platforms.apiEndpoints}, '{like}', '"https://provider.example/like"')` })
      .where(sql`${platforms.ad} = 'twitter'`);
    await seed(t.db, { ...options, baseUrl: 'http://127.0.0.1:4000' });
    const [twitter] = await t.db.select().from(platforms).where(sql`${platforms.ad} = 'twitter'`);
    expect(twitter!.apiEndpoints.like).toBe('https://provider.example/like');
    expect(twitter!.apiEndpoints.retweet).toBe('http://127.0.0.1:4000/sim-provider/twitter/retweet');
  });

  it('uses ADMIN_PASSWORD when given', async () => {
    const fresh = await createTestDb();
    try {
      const result = await seed(fresh.db, { ...options, adminPassword: 'secret-123', demo: false });
      expect(result.created).toEqual([{ role: 'admin', email: 'boss@example.com', password: 'secret-123', generated: false }]);
      expect(await fresh.db.select().from(packages)).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('npm run demo:reset', () => {
  it('gives the admin and the demo customer new passwords, returned once, and ends their sessions', async () => {
    await seed(t.db, options);
    const before = await t.db.select().from(users).orderBy(users.id);
    const reset = await resetDemoPasswords(t.db, { adminEmail: 'BOSS@example.com' });
    expect(reset.created.map((c) => [c.role, c.email])).toEqual([
      ['admin', 'boss@example.com'],
      ['user', 'demo@example.com'],
    ]);
    for (const made of reset.created) {
      const [row] = await t.db.select().from(users).where(sql`lower(${users.email}) = ${made.email}`);
      const old = before.find((b) => b.id === row!.id)!;
      expect(await verifyPassword(row!.passwordHash, made.password)).toBe(true);
      expect(row!.passwordHash).not.toBe(old.passwordHash);
      expect(row!.sessionVersion).toBe(old.sessionVersion + 1);
    }
    expect((await resetDemoPasswords(t.db, { adminEmail: 'nobody@example.com' })).created.map((c) => c.role)).toEqual(['user']);
  });
});
