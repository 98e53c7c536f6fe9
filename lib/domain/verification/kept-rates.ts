import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { verificationChecks } from '@/db/schema';
import { createTtlCache } from '@/lib/infra/cache';

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

/** A profile's kept rate (issue #38 item 3): shares 0–1 at 7 and 30 days, and how many checks answered. */
export type ProfileKeptRate = { d7: number | null; d30: number | null; checked: number };

const profileKeptCache = createTtlCache<string, Map<number, ProfileKeptRate>>({ ttlMs: 60_000 });

/**
 * The kept rate of each profile of a platform (issue #38 item 3: the picker, /rooting/profiles and
 * the match score): among its checks that found an answer, the share kept, `d7` of those made up to 7
 * days after the order ended, `d30` of those after 7 and up to 30 days. Only profiles with an answer
 * are in the map. One index-only read of verification_checks_profile_idx (profile, time, state of the
 * answered checks) per profile of the platform, kept a minute per process: every service page reads it.
 */
export function profileKeptRates(db: Db, platform: string): Promise<Map<number, ProfileKeptRate>> {
  return profileKeptCache.get(db, platform, async () => {
    const rows = rowsOf<{ profile_id: number; k7: unknown; u7: unknown; k30: unknown; u30: unknown }>(
      await db.execute(sql`
        select p.id as profile_id,
               count(*) filter (where c.after_minutes <= 10080 and c.state = 'kept') as k7,
               count(*) filter (where c.after_minutes <= 10080 and c.state = 'undone') as u7,
               count(*) filter (where c.after_minutes > 10080 and c.after_minutes <= 43200 and c.state = 'kept') as k30,
               count(*) filter (where c.after_minutes > 10080 and c.after_minutes <= 43200 and c.state = 'undone') as u30
          from profiles p join ${verificationChecks} c on c.profile_id = p.id and c.state in ('kept', 'undone')
         where p.platform = ${platform}::platform
         group by p.id`),
    );
    return new Map(
      rows.map((r) => {
        const [k7, u7, k30, u30] = [r.k7, r.u7, r.k30, r.u30].map(Number) as [number, number, number, number];
        return [Number(r.profile_id), { d7: share(k7, u7), d30: share(k30, u30), checked: k7 + u7 + k30 + u30 }];
      }),
    );
  });
}

/** The one figure of a profile's kept rate the match score weighs: the 30-day share, else the 7-day one. */
export const keptShare = (rate: ProfileKeptRate | undefined): number | null => (rate ? (rate.d30 ?? rate.d7) : null);
