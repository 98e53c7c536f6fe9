import 'server-only';
import type { Db } from '@/db/client';
import { logger } from '@/logger';
import { offerPackageExpiryJob, workPackageExpiry } from '@/lib/infra/queue';
import { notifyPackageExpiry } from './package-expiry';

/**
 * The worker node's part of the daily package-expiry pass: it works the `package_expiry` jobs and
 * offers one every hour (pg-boss keeps one a day), so a node that starts late in the day still
 * runs that day's pass.
 */
export async function startPackageExpiry(db: Db, options: { offerEveryMs?: number } = {}): Promise<{ stop: () => Promise<void> }> {
  await workPackageExpiry(async () => {
    const counts = await notifyPackageExpiry(db);
    logger.info(counts, 'package expiry notices sent');
  });
  const offer = () => offerPackageExpiryJob().catch((err: unknown) => logger.warn({ err }, 'could not offer the package-expiry job'));
  await offer();
  const timer = setInterval(() => void offer(), options.offerEveryMs ?? 3600_000);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
