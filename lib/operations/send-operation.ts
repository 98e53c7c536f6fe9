import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { balanceLedger, orders, platforms, profiles, siteSettings, usageCounters, userPackages, users } from '@/db/schema';
import { env } from '@/env';
import { platformOfService, type Service } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { centsToDollars, parseDollars } from '@/lib/money';
import { profilePriceCents } from '@/lib/pricing';
import { enqueueOrder } from '@/lib/queue';
import { localDay } from '@/lib/time';
import type { SendInput } from './schemas';
import { inForce } from '@/lib/subscriptions';

export type Sender = { id: number; rol: 'user' | 'admin' };

export type SendResult = { taskId: string; priceCents: number };

export type SendOptions = {
  /** Defaults to env.APP_TIMEZONE. */
  timeZone?: string;
  now?: Date;
  /** Defaults to the pg-boss queue (lib/queue); tests may pass their own. */
  enqueue?: (tx: Db, orderId: string) => Promise<void>;
};

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * One send of any service (§5, §6, ARCHITECTURE.md "A send, end to end"). Everything happens in
 * one transaction with the user's row locked, in this order: input (profiles exist, are active
 * and belong to the platform) → active package (NO_PACKAGE) → profile count (PROFILE_LIMIT_EXCEEDED)
 * → today's use of the service (DAILY_LIMIT_EXCEEDED) → cooldown (COOLDOWN_ACTIVE) → Twitter
 * minimum profiles → for new tweets the server's price (PRICE_CHANGED, INSUFFICIENT_BALANCE) and
 * its debit → order, usage and job. Admins skip package, caps, daily limits and cooldown.
 */
export async function sendOperation(db: Db, sender: Sender, service: Service, input: SendInput, options: SendOptions = {}): Promise<SendResult> {
  const platform = platformOfService(service);
  if (!platform) throw new AppError('INVALID_SERVICE');
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const enqueue = options.enqueue ?? enqueueOrder;
  const isAdmin = sender.rol === 'admin';

  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, bakiyeCents: users.bakiyeCents })
      .from(users)
      .where(eq(users.id, sender.id))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    const now = options.now ?? new Date();

    // Input: distinct, existing, active profiles of this platform (distinctness is in the schema).
    const chosen = await tx
      .select({ id: profiles.id, followersCount: profiles.followersCount })
      .from(profiles)
      .where(and(inArray(profiles.id, input.profileIds), eq(profiles.platform, platform), eq(profiles.status, 'active')));
    if (chosen.length !== input.profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');

    const [platformRow] = await tx.select().from(platforms).where(eq(platforms.ad, platform));
    if (!platformRow?.aktif) throw new AppError('PLATFORM_INACTIVE');
    if (!platformRow.apiEndpoints[service]) throw new AppError('SERVICE_UNAVAILABLE');

    const [settings] = await tx
      .select({ cooldownSeconds: siteSettings.cooldownSeconds, twitterMinProfiles: siteSettings.twitterMinProfiles })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    const cooldownSeconds = settings?.cooldownSeconds ?? 30;
    const twitterMinProfiles = settings?.twitterMinProfiles ?? 1;
    const day = localDay(now, timeZone);

    if (!isAdmin) {
      const [pkg] = await tx
        .select({ gunlukLimit: userPackages.gunlukLimit, profilLimit: userPackages.profilLimit })
        .from(userPackages)
        .where(
          and(
            eq(userPackages.userId, user.id),
            eq(userPackages.platform, platform),
            inForce(now),
          ),
        )
        .limit(1);
      if (!pkg) throw new AppError('NO_PACKAGE', { params: { platform } });

      if (input.profileIds.length > pkg.profilLimit) {
        throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: pkg.profilLimit } });
      }

      const [usage] = await tx
        .select({ count: usageCounters.count })
        .from(usageCounters)
        .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, service), eq(usageCounters.day, day)));
      if ((usage?.count ?? 0) >= pkg.gunlukLimit) {
        throw new AppError('DAILY_LIMIT_EXCEEDED', { params: { limit: pkg.gunlukLimit } });
      }

      if (cooldownSeconds > 0) {
        const [last] = await tx
          .select({ lastUsedAt: usageCounters.lastUsedAt })
          .from(usageCounters)
          .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, service)))
          .orderBy(desc(usageCounters.day))
          .limit(1);
        if (last?.lastUsedAt) {
          const remainingMs = last.lastUsedAt.getTime() + cooldownSeconds * 1000 - now.getTime();
          if (remainingMs > 0) {
            const remainingSeconds = Math.ceil(remainingMs / 1000);
            throw new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds }, headers: { 'retry-after': String(remainingSeconds) } });
          }
        }
      }
    }

    if (platform === 'twitter' && input.profileIds.length < twitterMinProfiles) {
      throw new AppError('MIN_PROFILES', { params: { min: twitterMinProfiles } });
    }

    let priceCents = 0;
    const profilePricesCents: Record<string, number> = {};
    if (service === 'new_tweet') {
      for (const p of chosen) {
        profilePricesCents[String(p.id)] = profilePriceCents(p.followersCount);
        priceCents += profilePricesCents[String(p.id)]!;
      }
      if (input.tweetPrice !== undefined && input.tweetPrice !== null && input.tweetPrice !== '') {
        const confirmed = parseDollars(input.tweetPrice);
        if (confirmed !== priceCents) {
          throw new AppError('PRICE_CHANGED', {
            params: { price: money(priceCents) },
            extra: { tweetPrice: centsToDollars(priceCents), price: centsToDollars(priceCents) },
          });
        }
      }
      if (user.bakiyeCents < priceCents) {
        throw new AppError('INSUFFICIENT_BALANCE', {
          params: { required: money(priceCents), current: money(user.bakiyeCents) },
          extra: { required: centsToDollars(priceCents), current: centsToDollars(user.bakiyeCents) },
        });
      }
    }

    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        platform,
        service,
        targetUrl: input.targetUrl ?? null,
        tweetText: input.tweetText ?? null,
        quoteTweetUrl: input.quoteTweetUrl ?? null,
        prompt: input.prompt ?? null,
        profileIds: input.profileIds,
        profileCount: input.profileIds.length,
        priceCents,
        profilePricesCents,
        usageDay: day,
        results: input.profileIds.map((id) => ({ profile_id: id, result: 'pending' as const })),
      })
      .returning({ id: orders.id });
    const orderId = order!.id;

    if (priceCents > 0) {
      await tx.insert(balanceLedger).values({ userId: user.id, amountCents: -priceCents, reason: 'new_tweet', orderId });
      await tx
        .update(users)
        .set({ bakiyeCents: sql`${users.bakiyeCents} - ${priceCents}` })
        .where(eq(users.id, user.id));
    }

    await tx
      .insert(usageCounters)
      .values({ userId: user.id, service, day, count: 1, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.service, usageCounters.day],
        set: { count: sql`${usageCounters.count} + 1`, lastUsedAt: now },
      });

    await enqueue(tx, orderId);
    return { taskId: orderId, priceCents };
  });
}
