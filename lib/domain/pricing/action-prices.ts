import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { servicePrices } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { publicContentChanged } from '@/lib/infra/cache';
import { parseDollars } from '@/lib/infra/money';
import { SERVICES, isPlatform, platformOfService, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { PER_ACTION_SERVICES, type ActionPriceInput } from './action-price-schema';

/** One service's pay-per-action configuration (issue #33 item 7) as the admin and the readers see it. */
export type ActionPrice = { service: Service; priceCents: number; enabled: boolean; maxProfiles: number };

/** Every configured service price (enabled or not), by service. */
export async function readActionPrices(db: Db, platform?: Platform): Promise<Map<Service, ActionPrice>> {
  const rows = await (platform ? db.select().from(servicePrices).where(eq(servicePrices.platform, platform)) : db.select().from(servicePrices));
  return new Map(rows.map((r) => [r.service as Service, { service: r.service as Service, priceCents: r.priceCents, enabled: r.enabled, maxProfiles: r.maxProfiles }]));
}

/** The price a customer would pay per action for this service, or null when pay-per-action is off for it. */
export async function activeActionPrice(db: Db, service: Service): Promise<{ priceCents: number; maxProfiles: number } | null> {
  const [row] = await db.select().from(servicePrices).where(eq(servicePrices.service, service));
  return row?.enabled ? { priceCents: row.priceCents, maxProfiles: row.maxProfiles } : null;
}

/**
 * PUT /api/platformlar/{platform} `action_prices` (issue #33 item 7): for each service of that
 * platform sent, its price per action (USD decimal text, turned into integer cents here), whether
 * pay-per-action is on and the profile cap of an order by a customer without a package. A blank
 * price removes the row (off). New tweets are priced by follower tier and take no per-action
 * price. One audited change, in one transaction.
 */
export async function setActionPrices(db: Db, actor: Actor, platform: string, input: Record<string, ActionPriceInput>): Promise<ActionPrice[]> {
  if (!isPlatform(platform)) throw new AppError('PLATFORM_NOT_FOUND');
  const allowed = (SERVICES[platform] as readonly Service[]).filter((s) => PER_ACTION_SERVICES.includes(s));
  for (const key of Object.keys(input)) {
    if (!(allowed as readonly string[]).includes(key)) throw new AppError('UNKNOWN_ENDPOINT_KEY', { params: { key, keys: allowed.join(', ') } });
  }
  const saved = await db.transaction(async (tx) => {
    const services = Object.keys(input) as Service[];
    const beforeRows = services.length ? await tx.select().from(servicePrices).where(inArray(servicePrices.service, services)).for('update') : [];
    const before = Object.fromEntries(beforeRows.map((r) => [r.service, { price_cents: r.priceCents, enabled: r.enabled, max_profiles: r.maxProfiles }]));
    const after: Record<string, { price_cents: number; enabled: boolean; max_profiles: number } | null> = {};
    for (const service of services) {
      const v = input[service]!;
      const cents = v.price === '' ? null : parseDollars(v.price);
      if (cents === null) {
        await tx.delete(servicePrices).where(eq(servicePrices.service, service));
        after[service] = null;
        continue;
      }
      const values = { service, platform: platformOfService(service)!, priceCents: cents, enabled: v.enabled, maxProfiles: v.max_profiles };
      await tx
        .insert(servicePrices)
        .values(values)
        .onConflictDoUpdate({ target: servicePrices.service, set: { priceCents: cents, enabled: v.enabled, maxProfiles: v.max_profiles, updatedAt: new Date() } });
      after[service] = { price_cents: cents, enabled: v.enabled, max_profiles: v.max_profiles };
    }
    await recordAudit(tx, actor, { action: 'platform.prices', entity: 'platform', entityId: platform, before, after });
    return [...(await readActionPrices(tx, platform)).values()];
  });
  publicContentChanged();
  return saved;
}
