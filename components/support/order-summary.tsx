import { useTranslations } from 'next-intl';
import { orderNamedText, type CatalogueTranslator, type OrderSummaryFields } from './order-summary-text';
import type { TicketOrderSummary } from '@/lib/domain/tickets/shapes';

type NamedOrder = OrderSummaryFields & Pick<TicketOrderSummary, 'order_number'>;

/** An order by its number and in words (orderNamedText) in the page's language, for a component (server or client). */
export function useOrderSummary(): (order: NamedOrder) => string {
  const t = useTranslations() as unknown as CatalogueTranslator;
  return (order) => orderNamedText(t, order);
}

/** An order's summary as text, for a server page that cannot call hooks itself. */
export function OrderSummary({ order }: { order: NamedOrder }) {
  return useOrderSummary()(order);
}
