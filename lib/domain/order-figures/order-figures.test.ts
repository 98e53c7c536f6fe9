import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusEnum, users } from '@/db/schema';
import { createTestDb, type TestDb } from '@/test/fixtures/db';
import { getAnalytics } from '@/lib/domain/analytics';
import { getDashboardFigures } from '@/lib/domain/dashboard';
import { getUserStats, listUserServiceOrders } from '@/lib/domain/history';
import { readOrderViewTexts, type OrderView } from '@/lib/domain/order-view';
import { getCustomerOverview } from '@/lib/domain/overview';
import { getPlatformStats, listTransactions } from '@/lib/domain/stats';
import {
  ACTED_STATUSES,
  FINAL_STATUSES,
  ORDER_GROUPS,
  ORDER_STATUSES,
  WAITING_STATUSES,
  durumOf,
  groupOf,
  protocolStatusOf,
  statusesIn,
  type OrderGroup,
  type OrderStatus,
} from './index';

describe('the order status groups', () => {
  it('put every status of the database in exactly one group', () => {
    expect(ORDER_STATUSES).toEqual(orderStatusEnum.enumValues);
    const grouped = ORDER_GROUPS.flatMap((g) => statusesIn(g));
    expect([...grouped].sort()).toEqual([...orderStatusEnum.enumValues].sort());
    for (const s of orderStatusEnum.enumValues) expect(ORDER_GROUPS.filter((g) => statusesIn(g).includes(s))).toEqual([groupOf(s)]);
  });

  it('count as waiting the states that may still change, and the rest as ends', () => {
    // As every read model counted them before issue #34 item 5, and as the worker moves orders.
    expect(WAITING_STATUSES).toEqual(['pending', 'scheduled', 'processing']);
    expect([...WAITING_STATUSES, ...FINAL_STATUSES].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ACTED_STATUSES).toEqual(['completed', 'partial', 'failed']);
  });

  it('read each status the same way in every list and in the reseller protocol', () => {
    const readings = Object.fromEntries(ORDER_STATUSES.map((s) => [s, [groupOf(s), durumOf(s), protocolStatusOf(s)]]));
    expect(readings).toEqual({
      pending: ['waiting', 'beklemede', 'Pending'],
      scheduled: ['waiting', 'zamanlandi', 'Pending'],
      processing: ['waiting', 'beklemede', 'In progress'],
      completed: ['completed', 'basarili', 'Completed'],
      partial: ['partial', 'kismi', 'Partial'],
      failed: ['failed', 'basarisiz', 'Canceled'],
      cancelled: ['cancelled', 'iptal', 'Canceled'],
    });
  });
});

describe('the read models of the same orders', () => {
  let t: TestDb;
  let userId: number;
  const now = new Date();
  // A different number of orders per status, so that every group has its own count.
  const PER_STATUS: Record<OrderStatus, number> = { pending: 1, scheduled: 2, processing: 4, completed: 3, partial: 5, failed: 6, cancelled: 8 };
  const expected: Record<OrderGroup, number> = { completed: 3, partial: 5, failed: 6, waiting: 7, cancelled: 8 };
  const total = 29;

  beforeAll(async () => {
    t = await createTestDb();
    const [u] = await t.db.insert(users).values({ adSoyad: 'Figures', email: 'figures@example.com', passwordHash: 'x' }).returning();
    userId = u!.id;
    const rows = ORDER_STATUSES.flatMap((status) =>
      Array.from({ length: PER_STATUS[status] }, () => ({
        userId,
        platform: 'twitter' as const,
        service: 'like',
        status,
        profileIds: [1],
        profileCount: 1,
        successCount: status === 'completed' || status === 'partial' ? 1 : 0,
        // All at one moment: every read model's "today" holds them all.
        createdAt: now,
      })),
    );
    await t.db.insert(orders).values(rows);
  });
  afterAll(async () => {
    await t.close();
  });

  it('count the same orders in each group: history, statistics, analytics and the dashboard', async () => {
    const totals = { toplam_islem: total, basarili_islem: 3, kismi_islem: 5, basarisiz_islem: 6, bekleyen_islem: 7, iptal_islem: 8 };
    expect(expected.completed + expected.partial + expected.failed + expected.waiting + expected.cancelled).toBe(total);

    expect(await getUserStats(t.db, userId)).toMatchObject({ ...totals, hizmet_detaylari: { like: total } });

    const stats = await getPlatformStats(t.db, userId, 'twitter', { now });
    expect(stats).toMatchObject(totals);
    expect(stats.gunluk.at(-1)).toMatchObject({ basarili: 3, kismi: 5, basarisiz: 6, beklemede: 7, iptal: 8 });

    const analytics = await getAnalytics(t.db, 7, now);
    expect(analytics.series.at(-1)!.orders).toEqual(expected);
    expect(analytics.totals.orders).toBe(total);

    expect((await getDashboardFigures(t.db)).ordersToday).toBe(total);
  });

  it('read each order the same way: transactions, the overview, the admin history and the reseller views', async () => {
    const page = await listTransactions(t.db, { userId, limit: 100 });
    expect(page.transactions).toHaveLength(total);
    for (const o of page.transactions) expect(o.durum).toBe(durumOf(o.order_status as OrderStatus));

    const overview = await getCustomerOverview(t.db, { id: userId, rol: 'user' }, { now });
    for (const o of overview.orders) expect(o.durum).toBe(durumOf(o.order_status as OrderStatus));

    // The admin history sorts by durum: waiting, scheduled, partial, done, failed, cancelled.
    const history = await listUserServiceOrders(t.db, { userId, service: 'like', limit: 100, sort: 'status', dir: 'asc' });
    const runs = history.transactions.map((o) => o.durum).filter((d, i, all) => d !== all[i - 1]);
    expect(runs).toEqual(['beklemede', 'zamanlandi', 'kismi', 'basarili', 'basarisiz', 'iptal']);
    expect(history.total).toBe(total);

    const views = await readOrderViewTexts(
      t.db,
      userId,
      page.transactions.map((o) => o.id),
    );
    for (const o of page.transactions) {
      const view = JSON.parse(views.get(o.id)!) as OrderView;
      expect(view.order_status).toBe(o.order_status);
      expect(view.status).toBe(protocolStatusOf(view.order_status));
    }
  });
});
