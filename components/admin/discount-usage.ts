import { centsToDollars, discountedCents, dollarsToCents } from '@/lib/infra/money';

/** §4 usage display of a discount code: used up (red), 80 % or more (orange), else green. */
export function usageLevel(used: number, max: number): 'exhausted' | 'warning' | 'ok' {
  if (used >= max) return 'exhausted';
  if (max > 0 && used / max >= 0.8) return 'warning';
  return 'ok';
}

/** §9: price × (1 − percent/100), to the cent, by the same rule the server charges (lib/infra/money). */
export function discountedPrice(dollars: number, percent: number): number {
  return centsToDollars(discountedCents(dollarsToCents(dollars), percent));
}
