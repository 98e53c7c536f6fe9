'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/ui/status-badge';
import { useFormat } from '@/components/ui/use-format';
import type { WatchPostView } from '@/lib/domain/watches/responses';

/** A watched post's orders: number, service and live status badge (the customer's /panel/watch and the operators' posts dialog). */
export function PostOrders({ orders }: { orders: WatchPostView['orders'] }) {
  const services = useTranslations('Services');
  const format = useFormat();
  return (
    <ul className="flex flex-wrap gap-2">
      {orders.map((o) => (
        <li key={o.task_id} className="flex items-center gap-1" data-watch-order={o.number}>
          <span className="font-medium">{format.orderNumber(o.number)}</span>
          <span>{services(o.service as never)}</span>
          <StatusBadge kind="order" status={o.status} />
        </li>
      ))}
    </ul>
  );
}
