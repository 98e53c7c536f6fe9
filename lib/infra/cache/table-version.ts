import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A SQL text expression that changes whenever a committed write changes a table, on whichever node
 * it was made: its rows' count, and the sum and the largest of their `xmin` (the transaction that
 * wrote each row version; every insert and update gives the row a new one, a delete takes one
 * away). For the few small tables a kept value is made of (issue #35: `services`): a node reads
 * the version with its request's statement and uses what it kept only while the version is the
 * one it was made at. A version that changes without a write (a table rewritten) only costs a
 * reload. Reads every row: not for a table that grows.
 */
export function tableVersionSql(table: PgTable): SQL {
  return sql`(select count(*) || '.' || coalesce(sum(xmin::text::int8), 0) || '.' || coalesce(max(xmin::text::int8), 0) from ${table})`;
}
