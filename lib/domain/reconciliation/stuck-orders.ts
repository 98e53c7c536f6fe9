import 'server-only';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, siteSettings } from '@/db/schema';

export type StuckLimits = { afterMinutes: number; maxMinutes: number };

/** The site's stuck-order deadlines (issue #17: 30 min to ask again, 2 h to give up). */
export async function stuckLimits(db: Db): Promise<StuckLimits> {
  const [row] = await db.select({ after: siteSettings.stuckAfterMinutes, max: siteSettings.stuckMaxMinutes }).from(siteSettings).where(eq(siteSettings.id, 1));
  return { afterMinutes: row?.after ?? 30, maxMinutes: row?.max ?? 120 };
}

export type StuckOrder = {
  task_id: string;
  /** Issue #33: the order's number ("#123"). */
  order_number: number;
  user_id: number;
  platform: string;
  service: string;
  status: string;
  profile_count: number;
  success_count: number;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** When the status last moved. */
  updated_at: string;
  /** Past the maximum: the next reconciliation ends it. */
  overdue: boolean;
};

/**
 * Orders whose status has not moved for the site's deadline: `processing` ones (the worker or the
 * provider lost track) and, for the admin list only, `pending` ones whose job never started. The
 * reconciliation job asks again about the `processing` ones only: a pending order may be waiting
 * for its start on purpose (a queue backlog).
 */
export async function listStuckOrders(db: Db, options: { statuses?: ('pending' | 'processing')[]; now?: Date; limit?: number } = {}): Promise<StuckOrder[]> {
  const now = options.now ?? new Date();
  const limits = await stuckLimits(db);
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, options.statuses ?? ['pending', 'processing']), lt(orders.updatedAt, new Date(now.getTime() - limits.afterMinutes * 60_000))))
    .orderBy(asc(orders.updatedAt))
    .limit(options.limit ?? 200);
  const maxBefore = now.getTime() - limits.maxMinutes * 60_000;
  return rows.map((o) => ({
    task_id: o.id,
    order_number: o.number,
    user_id: o.userId,
    platform: o.platform,
    service: o.service,
    status: o.status,
    profile_count: o.profileCount,
    success_count: o.successCount,
    attempts: o.attempts,
    last_error: o.lastError,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    overdue: o.updatedAt.getTime() < maxBefore,
  }));
}
