/**
 * §4 transaction `durum` values of an order status. `kismi` (some profiles succeeded) is ours:
 * the spec has no word for it, and it counts as successful in the statistics.
 */
export const DURUM_OF_STATUS = {
  pending: 'beklemede',
  processing: 'beklemede',
  completed: 'basarili',
  partial: 'kismi',
  failed: 'basarisiz',
  cancelled: 'iptal',
} as const;

export type Durum = (typeof DURUM_OF_STATUS)[keyof typeof DURUM_OF_STATUS];
