import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms } from '@/db/schema';
import { env } from '@/env';
import { AppError } from '@/lib/infra/errors';
import { publicContentChanged } from '@/lib/infra/cache';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { ENDPOINT_KEYS, isPlatform } from '@/lib/domain/catalogue/services';
import { adminActionPrices, type AdminPlatform } from './list-platforms';
import { readActionPrices, setActionPrices } from '@/lib/domain/pricing/action-prices';
import { endpointAddressSchema, type UpdatePlatformInput } from './schemas';

/**
 * PUT /platformlar/{platform}: the active switch and/or the endpoint URLs and/or the services'
 * prices per action (issue #33 item 7, lib/domain/pricing/action-prices.ts). Only that platform's
 * §3 endpoint keys are accepted; the keys sent replace their URLs, a blank URL removes the key,
 * keys not sent stay as they are. A URL at an address the provider policy refuses is a 400
 * VALIDATION_FAILED (a ZodError, so the handler answers it like any other invalid field).
 */
export async function updatePlatform(db: Db, actor: Actor, ad: string, input: UpdatePlatformInput): Promise<AdminPlatform> {
  if (!isPlatform(ad)) throw new AppError('PLATFORM_NOT_FOUND');
  const allowed = ENDPOINT_KEYS[ad] as readonly string[];
  for (const key of Object.keys(input.api_endpoints ?? {})) {
    if (!allowed.includes(key)) throw new AppError('UNKNOWN_ENDPOINT_KEY', { params: { key, keys: allowed.join(', ') } });
  }
  if (input.api_endpoints) endpointAddressSchema({ allowPrivate: env.PROVIDER_ALLOW_PRIVATE === '1' }).parse(input.api_endpoints);
  // Issue #33 item 7: the pay-per-action prices (their own audited transaction, platform.prices),
  // after every check of the endpoints, so a refused body changes nothing.
  if (input.action_prices !== undefined) await setActionPrices(db, actor, ad, input.action_prices);
  const withPrices = async (p: AdminPlatform): Promise<AdminPlatform> => ({ ...p, action_prices: adminActionPrices(await readActionPrices(db, ad), ad) });
  if (input.aktif === undefined && input.api_endpoints === undefined) {
    const [row] = await db.select().from(platforms).where(eq(platforms.ad, ad));
    if (!row) throw new AppError('PLATFORM_NOT_FOUND');
    return withPrices({ id: row.id, ad: row.ad, aktif: row.aktif, api_endpoints: row.apiEndpoints });
  }
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(platforms).where(eq(platforms.ad, ad)).for('update');
    if (!current) throw new AppError('PLATFORM_NOT_FOUND');
    const endpoints = { ...current.apiEndpoints };
    for (const [key, url] of Object.entries(input.api_endpoints ?? {})) {
      if (url) endpoints[key] = url;
      else delete endpoints[key];
    }
    const [row] = await tx
      .update(platforms)
      .set({ aktif: input.aktif ?? current.aktif, apiEndpoints: endpoints, updatedAt: sql`now()` })
      .where(eq(platforms.id, current.id))
      .returning();
    const before = { id: current.id, ad: current.ad, aktif: current.aktif, api_endpoints: current.apiEndpoints };
    const after: AdminPlatform = { id: row!.id, ad: row!.ad, aktif: row!.aktif, api_endpoints: row!.apiEndpoints };
    const action = input.api_endpoints === undefined ? 'platform.toggle' : 'platform.update';
    await recordAudit(tx, actor, { action, entity: 'platform', entityId: ad, before, after });
    return after;
  });
  publicContentChanged();
  return input.action_prices !== undefined ? withPrices(saved) : saved;
}
