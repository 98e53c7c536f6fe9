import 'server-only';
import type { Db } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { AuditAction, AuditEntity } from './catalogue';

/** Who performed an admin write, as the route handler knows it. */
export type Actor = { id: number; ip?: string | null };

export type AuditEntry = {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

// Secrets never enter the audit log, whatever shape the snapshot has.
const SECRET_KEY = /pass(word)?|sifre|hash|token|secret/i;

export function redactSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, redactSecrets(v)]),
    );
  }
  return value;
}

/**
 * Records one admin write. Call it with the transaction of the write itself, so the row and
 * its audit entry are committed (or rolled back) together.
 */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: redactSecrets(entry.before ?? null) as never,
    after: redactSecrets(entry.after ?? null) as never,
    ip: actor.ip ?? null,
  });
}
