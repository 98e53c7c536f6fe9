import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { createProviderClient, isProviderError, type ProviderClient } from '@/lib/domain/provider';
import { createRepeatGate, errorKind } from '@/lib/infra/log-repeats';
import { logger } from '@/logger';
import type { TargetFacts } from '@/lib/domain/audience/match-score';

/** Answers kept per (platform, endpoint, link): the picker asks again on every edit of the link field. */
const TTL_MS = 60_000;
const MAX_KEPT = 500;
const kept = new Map<string, { at: number; facts: TargetFacts }>();
const gate = createRepeatGate();

/**
 * Issue #36 item 2: the target's language and niche as the platform's provider tells them
 * (contract 1.3 `target_info`, an optional call). A provider without the call — no URL set, an
 * error, a timeout (3 s, no retry: a person is waiting) — gives null, and the picker scores
 * without language and niche. Never throws for the provider's sake.
 */
export async function readTargetInfo(db: Db, platform: Platform, link: string, client?: ProviderClient): Promise<TargetFacts | null> {
  const [row] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, platform));
  const url = row?.apiEndpoints.target_info ?? '';
  if (!url) return null;
  const key = `${platform}|${url}|${link}`;
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.facts;
  const provider = client ?? createProviderClient({ timeoutMs: 3000, retries: 0 });
  if (!provider.targetInfo) return null;
  try {
    const facts = await provider.targetInfo(url, link);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { at: Date.now(), facts });
    return facts;
  } catch (err) {
    if (!isProviderError(err)) throw err;
    const seen = gate(`${platform}|${errorKind(err)}`);
    // A 404 is a provider without the call (contract 1.3 is optional): worth a note, not a warning.
    const level = err.status === 404 ? 'info' : 'warn';
    if (seen.log) logger[level]({ err, platform, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, 'target_info not available from the provider');
    return null;
  }
}
