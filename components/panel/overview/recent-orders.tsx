import { getFormatter, getTranslations } from 'next-intl/server';
import type { Transaction } from '@/lib/domain/stats';
import { Link } from '@/components/ui/link';
import { StatusBadge } from '@/components/ui/status-badge';
import { orderNumberText } from '@/lib/infra/format';
import { RepeatLink } from '../repeat-link';

/**
 * The last orders (newest first): service, platform, number, when, profiles, and the §4 status with the
 * same colours and words as the statistics page's badge (rendered here on the server), and Repeat.
 */
export async function RecentOrders({ orders }: { orders: Transaction[] }) {
  const t = await getTranslations('Panel.overview');
  const tp = await getTranslations('Platforms');
  const ts = await getTranslations('Services');
  const format = await getFormatter();

  if (orders.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="overview-no-orders">
        {t('noOrders')}{' '}
        <Link href="/service/like" className="font-medium text-brand underline-offset-2 hover:underline">
          {t('firstOrder')}
        </Link>
      </p>
    );
  }

  return (
    <ul className="divide-y divide-line" aria-label={t('ordersTitle')}>
      {orders.map((o) => {
        return (
          <li key={o.id} className="flex items-center justify-between gap-3 py-2" data-testid="overview-order">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                <Link href={`/service/${o.service}`} className="underline-offset-2 hover:underline">
                  {ts(o.service)}
                </Link>
                <span className="text-muted"> · {tp(o.platform)}</span>
              </p>
              <p className="text-xs text-muted">
                {/* Issue #33: the order's number, as the statistics, the toasts and the tickets name it. */}
                <span className="tabular-nums" data-order-number>
                  {orderNumberText(o.order_number)}
                </span>
                {' · '}
                <time dateTime={o.created_at}>{format.dateTime(new Date(o.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
                {' · '}
                {t('profiles', { count: o.profil_sayisi })}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge kind="order" status={o.durum} />
              {/* Issue #36: the same order again, from the overview too. */}
              <RepeatLink service={o.service} orderNumber={o.order_number} className="min-h-8 px-1 text-sm" />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
