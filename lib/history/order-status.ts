/**
 * §4 transaction `durum` values of an order status, as the customer's own history shows them
 * (lib/operations durumOf): a partly successful order is `basarili`, with its counts.
 */
export const DURUM_OF_STATUS = {
  pending: 'beklemede',
  processing: 'beklemede',
  completed: 'basarili',
  partial: 'basarili',
  failed: 'basarisiz',
  cancelled: 'iptal',
} as const;

export type Durum = (typeof DURUM_OF_STATUS)[keyof typeof DURUM_OF_STATUS];
