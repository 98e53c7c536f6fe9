import type { TicketOrderSummary } from '@/lib/domain/tickets/shapes';
import { orderNumberText } from '@/lib/infra/format';

/** A translator of the whole catalogue (`Services.like`), as next-intl's and use-intl's are. */
export type CatalogueTranslator = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

export type OrderSummaryFields = Pick<TicketOrderSummary, 'service' | 'durum' | 'success_count' | 'profile_count'>;

/**
 * An order in words (issue #32): "Yeni Tweet · Başarılı · 2/2 profil başarılı". The service's
 * name from `Services`, the status in the words and grouping of the panel's history and
 * statistics (`Status.order.<durum>`, the StatusBadge's), the counts with the language's plural.
 * The data comes from the server (lib/domain/tickets toOrderSummary).
 */
export function orderSummaryText(t: CatalogueTranslator, order: OrderSummaryFields): string {
  const service = t.has(`Services.${order.service}`) ? t(`Services.${order.service}`) : order.service;
  const status = t.has(`Status.order.${order.durum}`) ? t(`Status.order.${order.durum}`) : order.durum;
  return t('Tickets.orderSummary', { service, status, success: order.success_count, total: order.profile_count });
}

/** An order named by its number, then in words (issue #33): "#123 · Yeni Tweet · Başarılı · 2/2 profil başarılı". */
export function orderNamedText(t: CatalogueTranslator, order: OrderSummaryFields & Pick<TicketOrderSummary, 'order_number'>): string {
  return t('Tickets.orderNamed', { number: orderNumberText(order.order_number), summary: orderSummaryText(t, order) });
}
