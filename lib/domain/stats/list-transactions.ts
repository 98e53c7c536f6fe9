import 'server-only';
import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@/lib/infra/money';
import type { Db } from '@/db/client';
import { orders, profiles } from '@/db/schema';
import { SERVICES, isPlatform, normalizeService, type Platform, type Service, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { durumOf, type Durum } from '@/lib/domain/order-figures';

/** §3 Transaction, plus the fields the statistics page also shows. */
export type Transaction = {
  id: string;
  /** Issue #33: the order's number ("#123"). */
  order_number: number;
  hedef_url: string | null;
  durum: Durum;
  profil_sayisi: number;
  created_at: string;
  notlar: string | null;
  /** Dollars actually spent (price minus refunds). */
  bakiye_harcanan: number;
  service: string;
  platform: Platform;
  success_count: number;
  order_status: string;
};

export type TransactionPage = { transactions: Transaction[]; next_cursor: string | null };

export const DEFAULT_TRANSACTIONS_LIMIT = 20;
export const MAX_TRANSACTIONS_LIMIT = 100;

export type ListTransactionsInput = {
  userId: number;
  /** One service, or a comma-separated list; `platform` takes all of that platform's services. */
  service?: string | null;
  platform?: string | null;
  limit?: number | string | null;
  /** The next_cursor of the previous page ("load more"). */
  cursor?: string | null;
};

/**
 * GET /users/transactions/me (and the admin's per-user history): a user's orders, newest first,
 * `limit` at a time (default 20), with a cursor on (created_at, id) so a page never repeats or
 * skips rows while new orders arrive.
 */
export async function listTransactions(db: Db, input: ListTransactionsInput): Promise<TransactionPage> {
  const limit = parseLimit(input.limit);
  const services = parseServices(input.service, input.platform);
  const conditions: SQL[] = [eq(orders.userId, input.userId)];
  if (services) conditions.push(inArray(orders.service, services));
  if (input.cursor) {
    const c = decodeCursor(input.cursor);
    conditions.push(or(lt(orders.createdAt, c.at), and(eq(orders.createdAt, c.at), lt(orders.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);

  const newTweetProfileIds = [...new Set(page.filter((o) => isPaidByFollowers(o.service)).flatMap((o) => o.profileIds))];
  const names = new Map<number, string>();
  if (newTweetProfileIds.length > 0) {
    const found = await db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, newTweetProfileIds));
    for (const p of found) names.set(p.id, p.username);
  }

  const last = page[page.length - 1];
  return {
    transactions: page.map((o) => ({
      id: o.id,
      order_number: o.number,
      hedef_url: o.targetUrl ?? o.quoteTweetUrl ?? null,
      durum: durumOf(o.status),
      profil_sayisi: o.profileCount,
      created_at: o.createdAt.toISOString(),
      notlar: notes(o, names),
      bakiye_harcanan: centsToDollars(o.priceCents - o.refundedCents),
      service: o.service,
      platform: o.platform,
      success_count: o.successCount,
      order_status: o.status,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function notes(o: typeof orders.$inferSelect, names: Map<number, string>): string | null {
  if (isPaidByFollowers(o.service)) {
    const who = o.profileIds.map((id) => `@${names.get(id) ?? id}`).join(', ');
    return `${o.tweetText ?? ''}\n${who}`.trim();
  }
  return o.prompt ?? null;
}

function parseLimit(value: ListTransactionsInput['limit']): number {
  if (value === undefined || value === null || value === '') return DEFAULT_TRANSACTIONS_LIMIT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new AppError('VALIDATION_FAILED');
  return Math.min(n, MAX_TRANSACTIONS_LIMIT);
}

function parseServices(service: string | null | undefined, platform: string | null | undefined): Service[] | undefined {
  const list: Service[] = [];
  if (platform) {
    if (!isPlatform(platform)) throw new AppError('INVALID_SERVICE');
    list.push(...SERVICES[platform]);
  }
  if (service) {
    for (const raw of service.split(',').map((s) => s.trim()).filter(Boolean)) {
      const s = normalizeService(raw);
      if (!s) throw new AppError('INVALID_SERVICE');
      list.push(s);
    }
  }
  return list.length > 0 ? [...new Set(list)] : undefined;
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('INVALID_CURSOR');
  return { at, id };
}
