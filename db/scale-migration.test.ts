import { describe, expect, it } from 'vitest';
import { migrate, openBefore } from '@/test/migrations';
import { rawQuery } from './raw';

/*
 * Issue #35: migration 0023_scale makes profile_daily_records (the profiles' daily records the
 * server's pick ranks by) and fills in the records of the orders already ended in the pick's
 * window, so the first picks after the upgrade rank as before; orders still at work, cancelled
 * ones and those older than the window are left out. It also replaces orders_created_idx by
 * orders_created_figures_idx and adds orders_user_created_idx.
 */
const MIGRATION = '0023_scale';

describe('migration 0023_scale', () => {
  it('fills in the records of the window’s ended orders and swaps the orders’ creation index, adds the per-customer one', async () => {
    const handle = await openBefore(MIGRATION);
    try {
      const [user] = await rawQuery<{ id: number }>(handle.db, `insert into users (ad_soyad, email, password_hash) values ('M', 'm@example.com', 'x') returning id`, []);
      const profileIds = (
        await rawQuery<{ id: number }>(
          handle.db,
          `insert into profiles (platform, provider_id, username) select 'twitter', 'tw_' || g, 'u' || g from generate_series(1, 3) g returning id`,
          [],
        )
      ).map((p) => p.id);
      const [a, b, c] = profileIds as [number, number, number];
      const order = (status: string, ageDays: number, results: [number, string][]) =>
        rawQuery(
          handle.db,
          `insert into orders (user_id, platform, service, target_url, profile_ids, profile_count, status, results, created_at)
           values ($1::int, 'twitter', 'like', 'https://x.com/a/status/1', $2::jsonb, $3::int, $4::order_status, $5::jsonb, now() - make_interval(days => $6::int))`,
          [
            user!.id,
            JSON.stringify(results.map(([id]) => id)),
            results.length,
            status,
            JSON.stringify(results.map(([id, result]) => ({ profile_id: id, result }))),
            ageDays,
          ],
        );
      await order('completed', 1, [[a, 'success'], [b, 'success']]);
      await order('partial', 2, [[a, 'success'], [b, 'failed'], [c, 'success']]);
      await order('failed', 2, [[c, 'failed']]);
      await order('processing', 0, [[a, 'pending'], [b, 'success']]); // still at work
      await order('cancelled', 1, [[a, 'failed']]);
      await order('completed', 30, [[a, 'success'], [b, 'success']]); // before the window

      await migrate(handle);

      const rows = await rawQuery<{ profile_id: number; ok: number; n: number }>(
        handle.db,
        `select profile_id, sum(successes)::int as ok, sum(results)::int as n from profile_daily_records group by 1 order by 1`,
        [],
      );
      expect(rows).toEqual([
        { profile_id: a, ok: 2, n: 2 },
        { profile_id: b, ok: 1, n: 2 },
        { profile_id: c, ok: 1, n: 2 },
      ]);
      const indexes = await rawQuery<{ indexname: string }>(
        handle.db,
        `select indexname from pg_indexes where tablename = 'orders' and (indexname like 'orders_created%' or indexname = 'orders_user_created_idx') order by 1`,
        [],
      );
      expect(indexes.map((i) => i.indexname)).toEqual(['orders_created_figures_idx', 'orders_user_created_idx']);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
