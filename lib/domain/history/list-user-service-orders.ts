import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@/lib/infra/money';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { durumOf, statusCase, type Durum } from '@/lib/domain/order-figures';
import { normalizeService } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import type { HistorySort } from './schemas';

/** §3 Transaction. */
export type Transaction = {
  id: string;
  /** Issue #33: the order's number ("#123"). */
  order_number: number;
  hedef_url: string | null;
  durum: Durum;
  profil_sayisi: number;
  basarili_sayisi: number;
  created_at: string;
  notlar: string | null;
  bakiye_harcanan: number;
};

/** Sorting by status sorts by the order's state as the admin reads it (durumOf), in this order. */
const DURUM_ORDER: readonly Durum[] = ['beklemede', 'zamanlandi', 'kismi', 'basarili', 'basarisiz', 'iptal'];
const STATUS_RANK = statusCase((status) => DURUM_ORDER.indexOf(durumOf(status)));

/**
 * GET /api/islem-gecmisi/user/{userId}/service/{service}: a page of the customer's orders of one
 * service, newest first unless `sort`/`dir` say otherwise (date, status, profile count, balance
 * spent), with how many there are in all; an unknown service is 400 INVALID_SERVICE.
 */
export async function listUserServiceOrders(
  db: Db,
  input: { userId: number; service: string; limit?: number; offset?: number; sort?: HistorySort; dir?: 'asc' | 'desc' },
): Promise<{ transactions: Transaction[]; total: number }> {
  const service = normalizeService(input.service);
  if (!service) throw new AppError('INVALID_SERVICE');
  const where = and(eq(orders.userId, input.userId), eq(orders.service, service));
  const by = input.dir === 'asc' ? asc : desc;
  const key =
    input.sort === 'status' ? STATUS_RANK : input.sort === 'profiles' ? orders.profileCount : input.sort === 'spent' ? sql`${orders.priceCents} - ${orders.refundedCents}` : null;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...(key ? [by(key), desc(orders.createdAt), desc(orders.id)] : [by(orders.createdAt), by(orders.id)]))
    .limit(Math.min(Math.max(input.limit ?? 20, 1), 100))
    .offset(Math.max(input.offset ?? 0, 0));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  return { total, transactions: toTransactions(rows) };
}

function toTransactions(rows: (typeof orders.$inferSelect)[]): Transaction[] {
  return rows.map((o) => ({
    id: o.id,
    order_number: o.number,
    hedef_url: o.targetUrl ?? o.quoteTweetUrl,
    // One mapping for the customer's and the admin's history (a partly successful order is kismi).
    durum: durumOf(o.status),
    profil_sayisi: o.profileCount,
    basarili_sayisi: o.successCount,
    created_at: o.createdAt.toISOString(),
    // §3: for new tweets the notes carry the text and the selected profiles.
    notlar: o.tweetText !== null ? JSON.stringify({ tweet_text: o.tweetText, quote_tweet_url: o.quoteTweetUrl, profile_ids: o.profileIds }) : o.prompt,
    bakiye_harcanan: centsToDollars(o.priceCents - o.refundedCents),
  }));
}
