import { describe, expect, it } from 'vitest';
import { migrate, openBefore } from '@/test/migrations';
import { rawQuery } from './raw';

/*
 * Issue #33 item 1: migration 0020_order_numbers gives the orders placed before it their numbers,
 * in the order they were placed, and later orders continue the sequence. Run on the database of
 * the run (PGlite, or a fresh database on the PostgreSQL server), migrated first only up to the
 * migration before it (test/migrations.ts).
 */
const NUMBERS_MIGRATION = '0020_order_numbers';

describe('migration 0020_order_numbers', () => {
  it('numbers the existing orders by when they were placed, and new orders after them', async () => {
    const handle = await openBefore(NUMBERS_MIGRATION);
    try {
      const [user] = await rawQuery<{ id: number }>(handle.db, `insert into users (ad_soyad, email, password_hash) values ('Old', 'old-orders@example.com', 'x') returning id`, []);
      // Inserted out of their creation order, so a numbering by insertion would show.
      const created = ['2026-03-01T10:00:00Z', '2026-01-01T10:00:00Z', '2026-02-01T10:00:00Z', '2026-01-15T10:00:00Z'];
      const ids: string[] = [];
      for (const at of created) {
        const [row] = await rawQuery<{ id: string }>(
          handle.db,
          `insert into orders (user_id, platform, service, profile_ids, profile_count, created_at) values ($1::int, 'twitter', 'like', '[1]'::jsonb, 1, $2::timestamptz) returning id::text as id`,
          [user!.id, at],
        );
        ids.push(row!.id);
      }

      await migrate(handle);

      const rows = await rawQuery<{ id: string; number: number }>(handle.db, `select id::text as id, number::float8 as number from orders order by created_at`, []);
      expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4]);
      // Oldest first: Jan 1 (ids[1]), Jan 15 (ids[3]), Feb 1 (ids[2]), Mar 1 (ids[0]).
      expect(rows.map((r) => r.id)).toEqual([ids[1], ids[3], ids[2], ids[0]]);

      const [next] = await rawQuery<{ number: number }>(
        handle.db,
        `insert into orders (user_id, platform, service, profile_ids, profile_count) values ($1::int, 'twitter', 'like', '[1]'::jsonb, 1) returning number::float8 as number`,
        [user!.id],
      );
      expect(next!.number).toBe(5);
      // A number is never given twice.
      await expect(rawQuery(handle.db, `update orders set number = 1 where id = $1::uuid`, [ids[0]])).rejects.toThrow();
      const [nulls] = await rawQuery<{ n: number }>(handle.db, `select count(*)::int as n from orders where number is null`, []);
      expect(nulls!.n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
