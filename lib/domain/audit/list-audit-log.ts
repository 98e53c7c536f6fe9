import 'server-only';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import type { AuditSort } from './schemas';

export type AuditLogQuery = {
  limit?: number;
  offset?: number;
  entity?: string;
  action?: string;
  sort?: AuditSort;
  dir?: 'asc' | 'desc';
  /**
   * The order in which actions and record types sort: the page passes them sorted by their names
   * in the reader's language, so "sort by action" reads alphabetically. Without it, by key.
   */
  labelOrder?: { action?: readonly string[]; entity?: readonly string[] };
};

export type AuditLogRow = {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
  actor: { id: number; ad_soyad: string; email: string } | null;
};

/** A column's values ranked in the given order (unknown values last), as a sort key. */
function ranked(column: typeof auditLog.action | typeof auditLog.entity, order: readonly string[] | undefined): SQL | typeof column {
  if (!order?.length) return column;
  // The ranks are written as integer literals: as parameters they would be compared as text ('10' < '9').
  return sql`case ${column} ${sql.join(order.map((v, i) => sql`when ${v} then ${sql.raw(String(i))}`), sql` `)} else ${sql.raw(String(order.length))} end`;
}

function auditOrder(query: AuditLogQuery): SQL[] {
  const sort = query.sort ?? 'created';
  const by = (query.dir ?? (sort === 'created' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  if (sort === 'created') return [by(auditLog.createdAt), by(auditLog.id)];
  const key =
    sort === 'action' ? ranked(auditLog.action, query.labelOrder?.action) : sort === 'entity' ? ranked(auditLog.entity, query.labelOrder?.entity) : sql`coalesce(${users.email}, '')`;
  // Within one action, record type or admin: newest first.
  return [by(key), desc(auditLog.createdAt), desc(auditLog.id)];
}

/** GET /audit-log: newest first unless `sort`/`dir` say otherwise, with the acting admin's name (kept after the admin is deleted). */
export async function listAuditLog(db: Db, query: AuditLogQuery = {}): Promise<{ entries: AuditLogRow[]; total: number }> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const offset = Math.max(query.offset ?? 0, 0);
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ log: auditLog, actorName: users.adSoyad, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(...auditOrder(query))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
  return {
    total,
    entries: rows.map(({ log, actorName, actorEmail }) => ({
      id: log.id,
      action: log.action,
      entity: log.entity,
      entity_id: log.entityId,
      before: log.before,
      after: log.after,
      ip: log.ip,
      created_at: log.createdAt.toISOString(),
      actor: log.actorId !== null && actorEmail !== null ? { id: log.actorId, ad_soyad: actorName ?? '', email: actorEmail } : null,
    })),
  };
}
