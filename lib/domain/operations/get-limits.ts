import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { usageCounters, userPackages } from '@/db/schema';
import { env } from '@/env';
import { SERVICES, platformOfService, type Platform, type Service, DEFAULT_PLATFORM, normalizeService } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { exemptFromLimits, type TokenKind } from '@/lib/domain/credentials';
import { localDay, resetIn } from '@/lib/infra/time';
import { inForce } from '@/lib/domain/subscriptions';

export type LimitInfo = {
  platform: Platform;
  paket_adi: string | null;
  /** null for an admin session (no cap). */
  profil_limit: number | null;
  gunluk_limit: number | null;
  hizmet_detaylari: Record<string, { kullanilan: number; kalan: number | null }>;
  reset_suresi: { saat: number; dakika: number };
  /** An admin session is exempt from caps and limits (exemptFromLimits); the admin account through the customer login is not. */
  sinirsiz: boolean;
};

/**
 * GET /users/limits/me?service= (§3 Limit info): the package limits of the service's platform,
 * today's use of each service of that platform, and the time until the next local midnight in
 * APP_TIMEZONE. null for a user without an active package there (§5 "platform not allowed"). An
 * admin session (exemptFromLimits; not the admin account's customer login) gets no caps, `sinirsiz`.
 */
export async function getLimitInfo(
  db: Db,
  user: { id: number; rol: 'user' | 'admin'; kind?: TokenKind },
  serviceOrPlatform: string | undefined,
  options: { now?: Date; timeZone?: string } = {},
): Promise<LimitInfo | null> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const platform: Platform | undefined =
    !serviceOrPlatform ? DEFAULT_PLATFORM : (SERVICES as Record<string, unknown>)[serviceOrPlatform] ? (serviceOrPlatform as Platform) : platformOfService(normalizeService(serviceOrPlatform) ?? serviceOrPlatform);
  if (!platform) throw new AppError('INVALID_SERVICE');

  const [pkg] = await db
    .select({ paketAdi: userPackages.paketAdi, gunlukLimit: userPackages.gunlukLimit, profilLimit: userPackages.profilLimit })
    .from(userPackages)
    .where(
      and(
        eq(userPackages.userId, user.id),
        eq(userPackages.platform, platform),
        inForce(now),
      ),
    )
    .limit(1);
  const isAdmin = exemptFromLimits(user);
  if (!pkg && !isAdmin) return null;

  const services = SERVICES[platform] as readonly Service[];
  const usage = await db
    .select({ service: usageCounters.service, count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.day, localDay(now, timeZone)), inArray(usageCounters.service, [...services])));
  const used = new Map(usage.map((u) => [u.service, u.count]));
  const gunluk = isAdmin ? null : pkg!.gunlukLimit;
  return {
    platform,
    paket_adi: pkg?.paketAdi ?? null,
    profil_limit: isAdmin ? null : pkg!.profilLimit,
    gunluk_limit: gunluk,
    hizmet_detaylari: Object.fromEntries(
      services.map((s) => {
        const kullanilan = used.get(s) ?? 0;
        return [s, { kullanilan, kalan: gunluk === null ? null : Math.max(0, gunluk - kullanilan) }];
      }),
    ),
    reset_suresi: resetIn(now, timeZone),
    sinirsiz: isAdmin,
  };
}
