import { actorFrom } from '@/lib/domain/audit';
import { exportCsv, exportParams, exportQuery } from '@/lib/domain/exports';
import { appToday } from '@/lib/infra/time';
import { route } from '@/app/api/_lib/route';

/** GET /api/admin/export/{orders|payments|users}?filters (admin, audited) → a streamed CSV file. */
export const GET = route({ auth: 'admin', params: exportParams, query: exportQuery }, async ({ req, db, user, params, query }) => {
  const body = await exportCsv(db, actorFrom(user, req), params.kind, query);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${params.kind}-${appToday()}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
