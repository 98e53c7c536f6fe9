import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { packages, userPackages, users } from '@/db/schema';
import { getSubscriptionOverview } from '@/lib/domain/payments';
import { assignSubscriptions, extendedEnd } from './assign-subscriptions';

const t = setupTestDb();
let userId: number;
let small: number;
let big: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  const [u] = await t.db.insert(users).values({ adSoyad: 'S', email: 's@example.com', passwordHash: 'h' }).returning();
  userId = u!.id;
  const rows = await insertPackages(t.db, [
    { ad: 'Small', prices: { instagram: 100, twitter: 100, youtube: 100 }, gunlukLimit: 5, profilLimit: 3 },
    { ad: 'Big', prices: { instagram: 900, twitter: 900, youtube: 900 }, gunlukLimit: 50, profilLimit: 20 },
  ]);
  small = rows[0]!.id;
  big = rows[1]!.id;
});

describe('assigning subscriptions', () => {
  it('creates one 30-day subscription per platform with the package limits', async () => {
    const before = Date.now();
    const rows = await t.db.transaction((tx) => assignSubscriptions(tx, { userId, packageId: small, platforms: ['twitter', 'youtube'] }));
    expect(rows.map((r) => [r.platform, r.gunlukLimit, r.profilLimit, r.extended])).toEqual([
      ['twitter', 5, 3, false],
      ['youtube', 5, 3, false],
    ]);
    const length = rows[0]!.endsAt.getTime() - rows[0]!.startsAt.getTime();
    expect(length).toBe(30 * DAY);
    expect(rows[0]!.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('extends an active subscription from its end instead of adding a duplicate', async () => {
    const [before] = await t.db.select().from(userPackages).where(eq(userPackages.platform, 'twitter'));
    const [row] = await t.db.transaction((tx) => assignSubscriptions(tx, { userId, packageId: big, platforms: ['twitter'] }));
    expect(row!.id).toBe(before!.id);
    expect(row!.extended).toBe(true);
    expect(row!.endsAt.getTime()).toBe(before!.endsAt.getTime() + 30 * DAY);
    expect([row!.paketAdi, row!.gunlukLimit, row!.profilLimit]).toEqual(['Big', 50, 20]);
    expect(await t.db.select().from(userPackages).where(eq(userPackages.platform, 'twitter'))).toHaveLength(1);
  });

  it('refuses an unknown or deleted package and an empty platform list', async () => {
    await expect(assignSubscriptions(t.db, { userId, packageId: 999999, platforms: ['twitter'] })).rejects.toMatchObject({ code: 'PACKAGE_NOT_FOUND' });
    await t.db.update(packages).set({ deletedAt: new Date() }).where(eq(packages.id, small));
    await expect(assignSubscriptions(t.db, { userId, packageId: small, platforms: ['instagram'] })).rejects.toMatchObject({ code: 'PACKAGE_NOT_FOUND' });
    await expect(assignSubscriptions(t.db, { userId, packageId: big, platforms: [] })).rejects.toMatchObject({ code: 'PLATFORM_REQUIRED' });
  });

  it('shows before a purchase the end date the purchase then gives a running package', async () => {
    await t.db.update(packages).set({ deletedAt: null }).where(eq(packages.id, small));
    const overview = await getSubscriptionOverview(t.db, { userId });
    const tw = overview.subscriptions.find((s) => s.platform === 'twitter')!;
    expect(new Date(tw.extendsTo).getTime()).toBe(new Date(tw.endsAt).getTime() + 30 * DAY);
    const [row] = await t.db.transaction((tx) => assignSubscriptions(tx, { userId, packageId: small, platforms: ['twitter'] }));
    expect(row!.endsAt.toISOString()).toBe(tw.extendsTo);
  });

  it('extends an ended subscription from now, not from its past end', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(extendedEnd(new Date('2026-11-01T00:00:00Z'), now).toISOString()).toBe('2026-12-23T12:00:00.000Z');
    expect(extendedEnd(new Date('2026-12-01T00:00:00Z'), now).toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });
});
