import 'server-only';
import type { Db } from '@/db/client';
import { keptRates } from './kept-rates';
import { verifyAfterMinutes } from './run-verification';

export type Guarantee = {
  /** When each action is checked again, in minutes after the order ended (the site setting; empty: off). */
  afterMinutes: number[];
  /** The kept rate of each service with a measured figure: the same figures /status shows. */
  services: { platform: string; service: string; d7: number | null; d30: number | null }[];
};

/**
 * Issue #38 item 5: what the pricing and terms pages promise, from the same sources as the work
 * and the status page: the re-check times of `verify_after_minutes` and the kept rates of keptRates.
 */
export async function readGuarantee(db: Db, now = new Date()): Promise<Guarantee> {
  const [afterMinutes, kept] = await Promise.all([verifyAfterMinutes(db), keptRates(db, now)]);
  const services = [...kept]
    .filter(([, k]) => k.measured)
    .map(([key, k]) => {
      const [platform, service] = key.split('|') as [string, string];
      return { platform, service, d7: k.d7, d30: k.d30 };
    })
    .sort((a, b) => a.platform.localeCompare(b.platform) || a.service.localeCompare(b.service));
  return { afterMinutes: [...new Set(afterMinutes)].sort((a, b) => a - b), services };
}
