import { useTranslations } from 'next-intl';
import { orderSummaryText, type CatalogueTranslator, type OrderSummaryFields } from './order-summary-text';

/** orderSummaryText in the page's language, for a component (server or client). */
export function useOrderSummary(): (order: OrderSummaryFields) => string {
  const t = useTranslations() as unknown as CatalogueTranslator;
  return (order) => orderSummaryText(t, order);
}

/** An order's summary as text, for a server page that cannot call hooks itself. */
export function OrderSummary({ order }: { order: OrderSummaryFields }) {
  return useOrderSummary()(order);
}
