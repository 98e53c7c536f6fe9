import { hasServicePage, normalizeService } from '@/lib/domain/catalogue/services';

/**
 * Where an order's Repeat leads (issue #36 item 4): its service's page, which reads the order's
 * number and fills itself in (use-repeat.ts); null for a service without a page.
 */
export function repeatHref(service: string, orderNumber: number): string | null {
  const s = normalizeService(service);
  return s && hasServicePage(s) ? `/service/${s}?repeat=${orderNumber}` : null;
}
