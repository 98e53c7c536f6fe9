import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/rows';
import { setupTestDb } from '@/test/fixtures/db';
import { viewsOfOwnerSql } from '@/lib/domain/order-view';

/*
 * Issue #35: a customer's orders newest first (listTransactions: the overview, the statistics page,
 * the per-user history) are read through orders_user_created_idx, in the cursor's order, never by
 * walking the whole table's creation index backwards and filtering on the customer (which the
 * planner chose for a busy reseller at 1,000,000 orders: 0.9 s for one who had stopped ordering
 * half a year before). Sorting and sequential scans are switched off so that on a small test
 * table the plan shows which index can give this order at all.
 */
const t = setupTestDb();

async function plan(text: string | ReturnType<typeof sql>): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_incremental_sort = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(typeof text === 'string' ? sql.raw(`explain ${text}`) : sql`explain ${text}`));
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('orders of one customer, newest first (issue #35)', () => {
  it('come from orders_user_created_idx, the first page and a page after a cursor', async () => {
    const first = await plan(`select * from orders where user_id = 7 order by created_at desc, id desc limit 21`);
    expect(first).toMatch(/Index Scan Backward using orders_user_created_idx/);
    expect(first).not.toMatch(/Filter: \(user_id/);
    const next = await plan(
      `select * from orders where user_id = 7 and (created_at < '2026-01-01T00:00:00Z' or (created_at = '2026-01-01T00:00:00Z' and id < '00000000-0000-0000-0000-000000000001'))
        order by created_at desc, id desc limit 21`,
    );
    expect(next).toMatch(/orders_user_created_idx/);
  });
});

describe('the reseller status of some orders (issue #35)', () => {
  it('finds the orders by their ids and numbers, never through an index on their owner', async () => {
    // The owner is a column of the key check's row there; here a constant stands for it.
    const text = await plan(sql`select ${viewsOfOwnerSql(sql`7`, ['00000000-0000-4000-8000-000000000001', '123', '456'])} as views`);
    expect(text).toMatch(/orders_number_uq/);
    expect(text).toMatch(/orders_pkey/);
    expect(text).not.toMatch(/Index Cond: \(user_id/);
    // Each result's profile name is one look-up by id, not the whole profiles table per order.
    expect(text).toMatch(/Index Cond: \(id = \(\(r\.v ->> 'profile_id'::text\)\)::integer\)/);
  });
});
