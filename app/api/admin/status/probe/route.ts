import { actorFrom, recordAudit } from '@/lib/domain/audit';
import { probeResponse, runStatusProbe } from '@/lib/domain/status';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/admin/status/probe (admin, audited) → probe: probes every active platform's provider now,
 * beside the scheduled probe of each minute, and opens or ends the incidents (after a provider is
 * fixed, the status page need not wait for the next minute).
 */
export const POST = route(
  {
    auth: 'admin',
    summary: 'Probe the providers now',
    description: 'Asks each active platform’s profile_list endpoint once (3 s timeout), records the result for the status page and opens or ends the automatic incidents. Audited.',
    response: probeResponse,
  },
  async ({ req, db, user }) => {
    const probe = await runStatusProbe(db, { exact: true });
    await recordAudit(db, actorFrom(user, req), { action: 'status.probe', entity: 'status_incident', after: probe });
    return ok({ probe });
  },
);
