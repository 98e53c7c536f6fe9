/**
 * Money rules of payments (spec §9), pure and shared by the server and the browser (like
 * schemas.ts): the browser shows a live total with the same arithmetic, the server alone decides
 * what is charged.
 */
import type { Platform } from '@/lib/domain/catalogue/services';
import { discountedCents } from '@/lib/infra/money';

export { centsToDollars, discountedCents, formatUsd } from '@/lib/infra/money';

/** §9: top-ups of $10, $25, $50 or $100, in cents. Any other amount is refused. */
export const TOPUP_AMOUNTS_CENTS = [1000, 2500, 5000, 10000] as const;
export type TopupAmount = (typeof TOPUP_AMOUNTS_CENTS)[number];

/** Stripe's smallest USD charge; a package total below it cannot be paid by card. */
export const MIN_CHARGE_CENTS = 50;

export const CURRENCY = 'usd';

export function isTopupAmount(cents: unknown): cents is TopupAmount {
  return typeof cents === 'number' && (TOPUP_AMOUNTS_CENTS as readonly number[]).includes(cents);
}

/** A package's price per platform in cents; a platform it has no price on is left out (not sold there). */
export type PlatformPrices = Partial<Record<Platform, number>>;

/** Sum of the chosen platforms' prices, each platform counted once (the server refuses a platform without a price before it sums). */
export function subtotalCents(prices: PlatformPrices, platforms: readonly Platform[]): number {
  return [...new Set(platforms)].reduce((sum, p) => sum + (prices[p] ?? 0), 0);
}

/** §9: total = subtotal × (1 − percent/100), to the cent, rounded half up (lib/infra/money). */
export function packageTotalCents(prices: PlatformPrices, platforms: readonly Platform[], percent = 0): number {
  return discountedCents(subtotalCents(prices, platforms), percent);
}
