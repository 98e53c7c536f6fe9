import 'server-only';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { orders } from '@/db/schema';
import { ORDER_GROUPS, ORDER_STATUSES, ORDER_STATUS_READINGS, statusesIn, type OrderCounts, type OrderStatus } from './status-groups';

/*
 * The groups of status-groups.ts as SQL, for the statements that count or sort orders. The
 * statuses are our own constants, written into the text as literals (as the statements always had
 * them), never parameters.
 */

type StatusExpr = AnyColumn | SQL;

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const list = (statuses: readonly OrderStatus[]) => statuses.map(literal).join(', ');

/** `status in ('…', …)`: a condition on an order's status. */
export const statusIn = (statuses: readonly OrderStatus[], status: StatusExpr = orders.status): SQL => sql`${status} in (${sql.raw(list(statuses))})`;

/**
 * The select columns of a figures query: `count(*)` of the orders in each group, and of all of
 * them, as int4 (a number on both drivers). Group the rows as the caller needs (per service, per day).
 */
export function orderCountColumns(status: StatusExpr = orders.status): { [K in keyof OrderCounts]: SQL<number> } {
  const columns = { total: sql<number>`count(*)::int` } as { [K in keyof OrderCounts]: SQL<number> };
  for (const group of ORDER_GROUPS) columns[group] = sql<number>`count(*) filter (where ${statusIn(statusesIn(group), status)})::int`;
  return columns;
}

/** orderCountColumns as `… as "completed", …` for a statement written as SQL text. */
export function orderCountsSql(status: StatusExpr = orders.status): SQL {
  return sql.join(
    Object.entries(orderCountColumns(status)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

/** `case status when 'pending' then … end`: a value per status (e.g. the rank of its durum to sort by). */
export function statusCase(valueOf: (status: OrderStatus) => number, status: StatusExpr = orders.status): SQL<number> {
  return sql<number>`case ${status} ${sql.raw(ORDER_STATUSES.map((s) => `when ${literal(s)} then ${valueOf(s)}`).join(' '))} end`;
}

/**
 * The protocol status (Pending, In progress, …) of the order row `o` as SQL text, for the views
 * lib/domain/order-view builds as fixed statements.
 */
export function protocolStatusSqlText(o: string): string {
  return `(case ${o}.status ${ORDER_STATUSES.map((s) => `when ${literal(s)} then ${literal(ORDER_STATUS_READINGS[s].protocol)}`).join(' ')} end)`;
}
