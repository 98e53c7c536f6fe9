import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { verificationChecks } from '@/db/schema';

export type KeptRate = { d7: number | null; d30: number | null; measured: boolean };

const share = (kept: number, undone: number) => (kept + undone > 0 ? Math.round((kept / (kept + undone)) * 10_000) / 10_000 : null);

/**
 * The kept rate per platform and service (issue #38 items 1 and 3): among the checks of the last 90
 * days that found an answer (kept or undone; unknown is left out), the share kept — `d7` of those
 * made up to 7 days after the order ended, `d30` of those made after 7 and up to 30 days.
 */
export async function keptRates(db: Db, now = new Date()): Promise<Map<string, KeptRate>> {
  const since = new Date(now.getTime() - 90 * 86_400_000).toISOString();
  const rows = rowsOf<{ platform: string; service: string; k7: unknown; u7: unknown; k30: unknown; u30: unknown }>(
    await db.execute(sql`
      select o.platform::text as platform, o.service,
             count(*) filter (where c.after_minutes <= 10080 and c.state = 'kept') as k7,
             count(*) filter (where c.after_minutes <= 10080 and c.state = 'undone') as u7,
             count(*) filter (where c.after_minutes > 10080 and c.after_minutes <= 43200 and c.state = 'kept') as k30,
             count(*) filter (where c.after_minutes > 10080 and c.after_minutes <= 43200 and c.state = 'undone') as u30
        from ${verificationChecks} c join orders o on o.id = c.order_id
       where c.checked_at >= ${since}::timestamptz and c.state in ('kept', 'undone')
       group by 1, 2`),
  );
  return new Map(
    rows.map((r) => {
      const d7 = share(Number(r.k7), Number(r.u7));
      const d30 = share(Number(r.k30), Number(r.u30));
      return [`${r.platform}|${r.service}`, { d7, d30, measured: d7 !== null || d30 !== null }];
    }),
  );
}
