import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, packages, usageCounters, userPackages, users } from '@/db/schema';
import { localDay } from '@/lib/infra/time';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { getCustomerOverview, OVERVIEW_ORDERS } from './get-customer-overview';

const TZ = 'Europe/Istanbul';
// 21:30 in Istanbul: 2 h 30 min to the reset.
const NOW = new Date('2026-11-23T18:30:00Z');
const DAY = 24 * 3600_000;

const t = setupTestDb();
let pkgId: number;
beforeAll(async () => {
  const [pkg] = await insertPackages(t.db, [{ ad: 'Pro', prices: { instagram: 100, twitter: 100, youtube: 100 }, gunlukLimit: 10, profilLimit: 5 }]);
  pkgId = pkg!.id;
});

let n = 0;
async function customer(bakiyeCents = 0) {
  const [u] = await t.db.insert(users).values({ adSoyad: `C ${++n}`, email: `overview-${n}@example.com`, passwordHash: 'x', bakiyeCents }).returning();
  return u!;
}
function subscription(userId: number, platform: 'twitter' | 'instagram' | 'youtube', over: Partial<typeof userPackages.$inferInsert> = {}) {
  return t.db.insert(userPackages).values({ userId, packageId: pkgId, platform, paketAdi: `Pro ${platform}`, gunlukLimit: 10, profilLimit: 5, startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 12 * DAY), ...over });
}

describe('the customer overview of /panel', () => {
  it('shows the packages in force with today’s use per service, the time to the reset, the balance and the last five orders', async () => {
    const u = await customer(4250);
    await subscription(u.id, 'youtube', { gunlukLimit: 3 });
    await subscription(u.id, 'twitter');
    // Ended, cancelled and not yet started packages are not in force.
    await subscription(u.id, 'instagram', { startsAt: new Date(NOW.getTime() + DAY), endsAt: new Date(NOW.getTime() + 31 * DAY) });
    await t.db.insert(usageCounters).values([
      { userId: u.id, service: 'like', day: localDay(NOW, TZ), count: 4 },
      { userId: u.id, service: 'youtube_like', day: localDay(NOW, TZ), count: 3 },
      // Yesterday's use does not count.
      { userId: u.id, service: 'retweet', day: localDay(new Date(NOW.getTime() - DAY), TZ), count: 9 },
    ]);
    for (let i = 0; i < 7; i++) {
      await t.db.insert(orders).values({ userId: u.id, platform: 'twitter', service: 'like', status: i === 6 ? 'partial' : 'completed', profileIds: [1, 2], profileCount: 2, successCount: i === 6 ? 1 : 2, createdAt: new Date(NOW.getTime() - (7 - i) * 60_000) });
    }

    const o = await getCustomerOverview(t.db, { id: u.id, rol: 'user' }, { now: NOW, timeZone: TZ });

    expect(o.packages.map((p) => p.platform)).toEqual(['twitter', 'youtube']);
    const [twitter, youtube] = o.packages;
    // Named by the package's current name (lib/domain/packages subscriptionName), not the copy made at assignment.
    expect(twitter).toMatchObject({ paketAdi: 'Pro', dailyLimit: 10, endsAt: new Date(NOW.getTime() + 12 * DAY).toISOString() });
    expect(twitter!.services).toEqual([
      { service: 'retweet', used: 0, left: 10 },
      { service: 'like', used: 4, left: 6 },
      { service: 'bookmark', used: 0, left: 10 },
      { service: 'comment', used: 0, left: 10 },
      { service: 'new_tweet', used: 0, left: 10 },
    ]);
    expect(youtube!.services.find((s) => s.service === 'youtube_like')).toEqual({ service: 'youtube_like', used: 3, left: 0 });
    expect(o.resetIn).toEqual({ saat: 2, dakika: 30 });
    expect(o.balanceCents).toBe(4250);
    expect(o.orders).toHaveLength(OVERVIEW_ORDERS);
    // Newest first, with the status the history shows (the newest one is partly successful).
    expect(o.orders[0]!.durum).not.toBe(o.orders[1]!.durum);
    expect(o.orders.map((x) => x.created_at)).toEqual([...o.orders.map((x) => x.created_at)].sort().reverse());
  });

  it('is empty for a customer without a package or orders, and never shows another customer’s', async () => {
    const other = await customer();
    await subscription(other.id, 'twitter');
    await t.db.insert(orders).values({ userId: other.id, platform: 'twitter', service: 'like', status: 'completed', profileIds: [1], profileCount: 1 });
    const u = await customer();
    await subscription(u.id, 'instagram', { status: 'cancelled', cancelledAt: NOW });
    await subscription(u.id, 'youtube', { startsAt: new Date(NOW.getTime() - 40 * DAY), endsAt: new Date(NOW.getTime() - 10 * DAY) });
    const o = await getCustomerOverview(t.db, { id: u.id, rol: 'user' }, { now: NOW, timeZone: TZ });
    expect(o).toEqual({ packages: [], resetIn: { saat: 2, dakika: 30 }, balanceCents: 0, orders: [] });
  });

  it('names each package in the reader’s language, German falling back to English and then Turkish (issue #32 item 6)', async () => {
    const [named] = await insertPackages(t.db, [{ ad: 'Başlangıç', nameEn: 'Starter', prices: { instagram: 100, twitter: 100, youtube: 100 }, gunlukLimit: 10, profilLimit: 5 }]);
    const u = await customer();
    await subscription(u.id, 'twitter', { packageId: named!.id, paketAdi: 'Başlangıç' });
    const name = async (locale: string) => (await getCustomerOverview(t.db, { id: u.id, rol: 'user' }, { now: NOW, timeZone: TZ, locale })).packages[0]!.paketAdi;
    expect([await name('tr'), await name('en'), await name('de')]).toEqual(['Başlangıç', 'Starter', 'Starter']);
    await t.db.update(packages).set({ nameDe: 'Einsteiger' }).where(eq(packages.id, named!.id));
    expect(await name('de')).toBe('Einsteiger');
  });
});
