import 'server-only';
import { and, eq, gt, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, payments, users } from '@/db/schema';
import { env } from '@/env';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { centsToDecimal } from '@/lib/infra/money';
import { endOfLocalDay, localDayRange } from '@/lib/infra/time';
import type { ExportFilters, ExportKind } from './schemas';

const BATCH = 500;

/**
 * One CSV cell, as OWASP's CSV-injection advice has it (issue #33): every cell quoted (quotes
 * doubled), and a text starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe so a spreadsheet does not run it as a formula. Quoting every cell matters for
 * spreadsheets that split on ';' (the default in Turkish and German locales): an unquoted
 * `x;=cmd|…` was one cell to us and a formula cell to them. Names and URLs are typed by customers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}
/** A row of data: every cell quoted. The header row is our own column names, written plain. */
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
const headerLine = (names: string[]) => `${names.join(',')}\r\n`;

/** The first instant of a local day and the first instant after another (APP_TIMEZONE). */
function dayBounds(from?: string, to?: string): { start?: Date; end?: Date } {
  const tz = env.APP_TIMEZONE;
  const startOf = (day: string) => localDayRange(new Date(endOfLocalDay(day, tz).getTime() - 1), tz).start;
  return { start: from ? startOf(from) : undefined, end: to ? new Date(endOfLocalDay(to, tz).getTime() + 1) : undefined };
}

type Source = { header: string[]; next: (after: unknown) => Promise<{ rows: unknown[][]; last: unknown }> };

function ordersSource(db: Db, f: ExportFilters): Source {
  const { start, end } = dayBounds(f.from, f.to);
  const where: (SQL | undefined)[] = [
    f.user_id ? eq(orders.userId, f.user_id) : undefined,
    f.service ? eq(orders.service, f.service) : undefined,
    f.platform ? eq(orders.platform, f.platform) : undefined,
    f.status ? sql`${orders.status}::text = ${f.status}` : undefined,
    start ? gte(orders.createdAt, start) : undefined,
    end ? lt(orders.createdAt, end) : undefined,
  ];
  return {
    header: ['task_id', 'order_number', 'created_at', 'completed_at', 'user_id', 'email', 'platform', 'service', 'status', 'profiles', 'successes', 'price_usd', 'refunded_usd', 'target_url', 'api_key_id', 'request_id'],
    next: async (after) => {
      const cursor = after as { at: Date; id: string } | null;
      const rows = await db
        .select({ o: orders, email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(...where, cursor ? sql`(${orders.createdAt}, ${orders.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)` : undefined))
        .orderBy(orders.createdAt, orders.id)
        .limit(BATCH);
      const lastRow = rows.at(-1);
      return {
        rows: rows.map(({ o, email }) => [
          o.id, o.number, o.createdAt, o.completedAt, o.userId, email, o.platform, o.service, o.status, o.profileCount, o.successCount,
          centsToDecimal(o.priceCents), centsToDecimal(o.refundedCents), o.targetUrl, o.apiKeyId, o.requestId,
        ]),
        last: lastRow ? { at: lastRow.o.createdAt, id: lastRow.o.id } : null,
      };
    },
  };
}

function paymentsSource(db: Db, f: ExportFilters): Source {
  const { start, end } = dayBounds(f.from, f.to);
  const where: (SQL | undefined)[] = [
    f.user_id ? eq(payments.userId, f.user_id) : undefined,
    f.status ? sql`${payments.status}::text = ${f.status}` : undefined,
    f.kind ? eq(payments.kind, f.kind) : undefined,
    start ? gte(payments.createdAt, start) : undefined,
    end ? lt(payments.createdAt, end) : undefined,
  ];
  return {
    header: ['id', 'created_at', 'credited_at', 'user_id', 'email', 'kind', 'amount_usd', 'currency', 'status', 'provider', 'intent_id', 'discount_percent', 'failure_code'],
    next: async (after) => {
      const rows = await db
        .select({ p: payments, email: users.email })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(and(...where, after ? gt(payments.id, after as number) : undefined))
        .orderBy(payments.id)
        .limit(BATCH);
      return {
        rows: rows.map(({ p, email }) => [
          p.id, p.createdAt, p.creditedAt, p.userId, email, p.kind, centsToDecimal(p.amountCents), p.currency, p.status, p.provider, p.intentId, p.discountPercent, p.failureCode,
        ]),
        last: rows.at(-1)?.p.id ?? null,
      };
    },
  };
}

function usersSource(db: Db, f: ExportFilters): Source {
  const term = f.q?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where: (SQL | undefined)[] = [isNull(users.deletedAt), pattern ? or(ilike(users.adSoyad, pattern), ilike(users.email, pattern), ilike(users.telefon, pattern)) : undefined];
  return {
    header: ['id', 'created_at', 'name', 'email', 'phone', 'role', 'active', 'balance_usd', 'locale'],
    next: async (after) => {
      const rows = await db
        .select()
        .from(users)
        .where(and(...where, after ? gt(users.id, after as number) : undefined))
        .orderBy(users.id)
        .limit(BATCH);
      return {
        rows: rows.map((u) => [u.id, u.createdAt, u.adSoyad, u.email, u.telefon, u.rol, u.aktif, centsToDecimal(u.bakiyeCents), u.locale]),
        last: rows.at(-1)?.id ?? null,
      };
    },
  };
}

const SOURCES: Record<ExportKind, (db: Db, f: ExportFilters) => Source> = { orders: ordersSource, payments: paymentsSource, users: usersSource };

/**
 * GET /api/admin/export/{kind} (issue #17): the audit entry (who exported what, with which
 * filters) is written first; then the CSV is streamed in batches of 500 rows read by keyset, so a
 * large table is never held in memory. Money as exact decimal dollars (lib/infra/money), times in ISO
 * 8601 UTC.
 */
export async function exportCsv(db: Db, actor: Actor, kind: ExportKind, filters: ExportFilters): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(db, actor, { action: 'data.export', entity: 'export', entityId: kind, after: filters });
  const source = SOURCES[kind](db, filters);
  const encoder = new TextEncoder();
  let cursor: unknown = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark: spreadsheet programs then read the file as UTF-8 (ç, ğ, ş, ü).
        controller.enqueue(encoder.encode(`\uFEFF${headerLine(source.header)}`));
        return;
      }
      if (done) return controller.close();
      const { rows, last } = await source.next(cursor);
      if (rows.length) controller.enqueue(encoder.encode(rows.map(line).join('')));
      cursor = last;
      if (rows.length < BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}
