import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from './schema';
import { createTestDb, onPostgres, type TestDb } from '@/test/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

// Issue #19: drizzle asks postgres.js for unnamed statements, which cost a describe round trip
// each and stop pipelining; db/client.ts prepares every query with parameters once per connection.
describe.runIf(onPostgres())('the PostgreSQL client', () => {
  it('prepares a query with parameters on its connection, in a transaction too', async () => {
    const marker = `etk_${Date.now()}`;
    const found = await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.email, marker));
      const rows = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as { statement: string }[];
      return rows.some((r) => r.statement.includes('"users"."email" = $1'));
    });
    expect(found).toBe(true);
  });

  it('runs queries issued together in the order they were issued (pipelined on one connection)', async () => {
    const order = await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table etk_pipeline (n int, at timestamptz default clock_timestamp()) on commit drop`);
      const q = (n: number) => tx.execute(sql`insert into etk_pipeline (n) values (${n})`);
      await Promise.all([q(1), q(2), q(3), q(4)]);
      return (await tx.execute(sql`select n from etk_pipeline order by at`)) as unknown as { n: number }[];
    });
    expect(order.map((r) => r.n)).toEqual([1, 2, 3, 4]);
  });
});
