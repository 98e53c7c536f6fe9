import 'server-only';
import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { packagePrices, packages } from '@/db/schema';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { tableVersionSql } from '@/lib/infra/cache';

/**
 * A package's prices in integer cents by platform (issue #34 item 2: rows of `package_prices`).
 * A platform without a price is not in it: the package is not sold there.
 */
export type PackagePrices = Partial<Record<Platform, number>>;

/** A `packages` row with its prices. */
export type PackageWithPrices = typeof packages.$inferSelect & { prices: PackagePrices };

/**
 * The prices of the package `packageId` as one jsonb object (`{"<platform>": cents}`), read in the
 * same statement as the package (a subquery on the primary key, no query per package). Rows of 0
 * are left out: 0 was never a price the package form accepted, so it reads as "not sold".
 */
export function pricesOf(packageId: AnyPgColumn): SQL<PackagePrices> {
  return sql<PackagePrices>`coalesce((select jsonb_object_agg(${packagePrices.platform}, ${packagePrices.priceCents}) from ${packagePrices} where ${packagePrices.packageId} = ${packageId} and ${packagePrices.priceCents} > 0), '{}'::jsonb)`.mapWith(
    toPrices,
  );
}

/** The version of every package's prices (lib/infra/cache tableVersionSql): for a kept value made of them (the reseller `services`). */
export const packagePricesVersionSql: SQL = tableVersionSql(packagePrices);

/** The columns of a package and its prices, for `db.select(withPrices).from(packages)`. */
export const withPrices = { ...getTableColumns(packages), prices: pricesOf(packages.id) };

/** Keeps the registry's platforms with a price above 0 (a driver may hand jsonb over as text). */
function toPrices(value: unknown): PackagePrices {
  const raw = (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
  const out: PackagePrices = {};
  for (const platform of PLATFORMS) {
    const cents = Number(raw[platform]);
    if (Number.isInteger(cents) && cents > 0) out[platform] = cents;
  }
  return out;
}

/**
 * Writes a package's prices, one row per platform given; a platform left out keeps its row (or
 * has none). Call it in the transaction that writes the package.
 */
export async function writePackagePrices(tx: Db, packageId: number, prices: Partial<Record<Platform, number>>): Promise<void> {
  const rows = PLATFORMS.filter((p) => prices[p] !== undefined).map((platform) => ({ packageId, platform, priceCents: prices[platform]! }));
  if (rows.length === 0) return;
  await tx
    .insert(packagePrices)
    .values(rows)
    .onConflictDoUpdate({ target: [packagePrices.packageId, packagePrices.platform], set: { priceCents: sql`excluded.price_cents` } });
}
