import 'server-only';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms, statusProbes } from '@/db/schema';
import { createProviderClient, isProviderError, type ProviderClient } from '@/lib/domain/provider';
import type { Platform } from '@/lib/domain/catalogue/services';
import { evaluateIncidents } from './incidents';

/** A probe waits this long for the provider's answer; longer counts as down (issue #38 item 4). */
export const PROBE_TIMEOUT_MS = 3000;
/** Probes are kept this many days (the 90 daily bars and a margin). */
export const PROBE_KEEP_DAYS = 92;

export type ProbeOptions = {
  client?: ProviderClient;
  now?: Date;
  /** An admin's "probe now": kept at its exact moment, beside the minute's scheduled probe. */
  exact?: boolean;
};
export type ProbeResult = { probed: { platform: Platform; up: boolean; latency_ms: number }[]; opened: string[]; closed: string[] };

/**
 * The status page's probe (issue #38 item 4), a maintenance task offered every minute
 * (server/background.ts, one node at a time): asks each active platform's profile_list endpoint
 * once, with a short timeout and no retry, records up/down and the latency, then opens or ends the
 * automatic incidents. A scheduled probe is kept under its minute: a second node's probe of the
 * same minute is not recorded again. A platform without a profile_list endpoint is not probed (its
 * days stay "no data").
 */
export async function runStatusProbe(db: Db, options: ProbeOptions = {}): Promise<ProbeResult> {
  const now = options.now ?? new Date();
  const at = options.exact ? now : new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const client = options.client ?? createProviderClient({ timeoutMs: PROBE_TIMEOUT_MS, retries: 0 });
  const active = await db.select({ platform: platforms.ad, endpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.aktif, true));
  const probed = await Promise.all(
    active
      .filter((p) => Boolean(p.endpoints.profile_list))
      .map(async (p) => {
        const started = performance.now();
        let up = true;
        let error: string | null = null;
        try {
          await client.listProfiles(p.endpoints.profile_list!);
        } catch (err) {
          up = false;
          error = isProviderError(err) ? err.kind : 'error';
        }
        return { platform: p.platform as Platform, up, latency_ms: Math.round(performance.now() - started), error };
      }),
  );
  if (probed.length > 0) {
    await db
      .insert(statusProbes)
      .values(probed.map((p) => ({ platform: p.platform, at, up: p.up, latencyMs: p.latency_ms, error: p.error })))
      .onConflictDoNothing();
  }
  await db.delete(statusProbes).where(lt(statusProbes.at, sql`${new Date(now.getTime() - PROBE_KEEP_DAYS * 86_400_000).toISOString()}::timestamptz`));
  const incidents = await evaluateIncidents(
    db,
    active.map((p) => p.platform as Platform),
    now,
  );
  return { probed: probed.map(({ platform, up, latency_ms }) => ({ platform, up, latency_ms })), ...incidents };
}
