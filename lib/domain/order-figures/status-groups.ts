import type { orders } from '@/db/schema';

/*
 * How the product reads an order's status (issue #34 item 5): in which group the figures count it,
 * which `durum` the lists show and what the reseller protocol calls it. One table, one row per
 * status, so a status cannot be counted twice or forgotten. No server code here: the browser may
 * import this file (the chart keys, the figures' types).
 */

/** An order's precise state (db/schema orderStatusEnum). */
export type OrderStatus = (typeof orders.$inferSelect)['status'];

/**
 * The groups the figures count, in the order the screens show them. `waiting` is every state that
 * may still change (not started, scheduled, or its profiles at work); the others are the ends.
 */
export const ORDER_GROUPS = ['completed', 'partial', 'failed', 'waiting', 'cancelled'] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number];

/** §7 transaction `durum`: scheduled orders apart, a partly successful one `kismi`, never `basarili`. */
export type Durum = 'basarili' | 'kismi' | 'basarisiz' | 'beklemede' | 'zamanlandi' | 'iptal';

/** The reseller protocol's statuses (docs/reseller-api.md); `order_status` carries the precise state. */
export const PROTOCOL_STATUSES = ['Pending', 'In progress', 'Completed', 'Partial', 'Canceled'] as const;
export type ProtocolStatus = (typeof PROTOCOL_STATUSES)[number];

type Reading = { group: OrderGroup; durum: Durum; protocol: ProtocolStatus };

/**
 * Every status and how it reads. A failed order (every profile failed) did nothing and was charged
 * nothing (its use given back, a paid one refunded), which a reseller script knows as Canceled.
 */
export const ORDER_STATUS_READINGS = {
  pending: { group: 'waiting', durum: 'beklemede', protocol: 'Pending' },
  // Issue #17: waiting for its start_at; cancellable.
  scheduled: { group: 'waiting', durum: 'zamanlandi', protocol: 'Pending' },
  processing: { group: 'waiting', durum: 'beklemede', protocol: 'In progress' },
  completed: { group: 'completed', durum: 'basarili', protocol: 'Completed' },
  partial: { group: 'partial', durum: 'kismi', protocol: 'Partial' },
  failed: { group: 'failed', durum: 'basarisiz', protocol: 'Canceled' },
  cancelled: { group: 'cancelled', durum: 'iptal', protocol: 'Canceled' },
} as const satisfies Record<OrderStatus, Reading>;

/** Every status, in the order of the table above. */
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_READINGS) as OrderStatus[];

/** The statuses of some groups, in the order of ORDER_STATUSES. */
export function statusesIn(...groups: OrderGroup[]): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => groups.includes(ORDER_STATUS_READINGS[s].group));
}

/** The states that may still change (the worker moves only these; the figures count them as waiting). */
export const WAITING_STATUSES = statusesIn('waiting');
/** The ends: the order will not change again. */
export const FINAL_STATUSES = statusesIn('completed', 'partial', 'failed', 'cancelled');
/** The ends in which profiles acted (a cancelled order never reached them): success rates and profile records. */
export const ACTED_STATUSES = statusesIn('completed', 'partial', 'failed');

export const groupOf = (status: OrderStatus): OrderGroup => ORDER_STATUS_READINGS[status].group;
export const durumOf = (status: OrderStatus): Durum => ORDER_STATUS_READINGS[status].durum;
export const protocolStatusOf = (status: OrderStatus): ProtocolStatus => ORDER_STATUS_READINGS[status].protocol;

/** How many orders fall in each group, and all of them. */
export type OrderCounts = Record<OrderGroup, number> & { total: number };

/** The §3 statistics totals (history, statistics): the groups add up to `toplam_islem`. */
export type StatusTotals = {
  toplam_islem: number;
  /** Every profile succeeded. */
  basarili_islem: number;
  /** Some profiles succeeded, some failed (their usage and charge were given back). */
  kismi_islem: number;
  basarisiz_islem: number;
  /** Not ended yet: pending, scheduled or processing. */
  bekleyen_islem: number;
  iptal_islem: number;
};

/** One day of the statistics chart, by group. */
export type DayCounts = { basarili: number; kismi: number; basarisiz: number; beklemede: number; iptal: number };

export const statusTotals = (c: OrderCounts): StatusTotals => ({
  toplam_islem: c.total,
  basarili_islem: c.completed,
  kismi_islem: c.partial,
  basarisiz_islem: c.failed,
  bekleyen_islem: c.waiting,
  iptal_islem: c.cancelled,
});

export const dayCounts = (c: Record<OrderGroup, number>): DayCounts => ({
  basarili: c.completed,
  kismi: c.partial,
  basarisiz: c.failed,
  beklemede: c.waiting,
  iptal: c.cancelled,
});

export const NO_ORDERS: OrderCounts = { total: 0, completed: 0, partial: 0, failed: 0, waiting: 0, cancelled: 0 };

/** The sum of several rows of counts (e.g. one per service). */
export function addCounts(rows: readonly OrderCounts[]): OrderCounts {
  const sum = { ...NO_ORDERS };
  for (const r of rows) {
    sum.total += r.total;
    for (const g of ORDER_GROUPS) sum[g] += r[g];
  }
  return sum;
}
