import { auditLogQuerySchema, listAuditLog } from '@/lib/domain/audit';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/audit-log?limit=&offset=&entity=&action=&sort=&dir= → audit_log, total. */
export const GET = route({ auth: 'admin', query: auditLogQuerySchema }, async ({ db, query }) => {
  const { entries, total } = await listAuditLog(db, query);
  return ok({ audit_log: entries, total });
});
