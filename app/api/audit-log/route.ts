import { getDb } from '@/db/client';
import { auditLogQuerySchema, listAuditLog } from '@/lib/audit';
import { handle, ok } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';

/** GET /api/audit-log?limit=&offset=&entity=&action= → audit_log, total. */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  const query = auditLogQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { entries, total } = await listAuditLog(await getDb(), query);
  return ok({ audit_log: entries, total });
});
