import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getFormat } from '@/components/ui/get-format';
import { getDb } from '@/db/client';
import { tokenForSessionUser } from '@/auth';
import { isAppError } from '@/lib/infra/errors';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/infra/utils/cn';
import { getTicket, listTicketableOrders, listTickets, type TicketDetail } from '@/lib/domain/tickets';
import { requirePageUser } from '@/app/_lib/page-guards';
import { LiveTicketRefresh } from '@/components/support/live-ticket-refresh';
import { NewTicket } from '@/components/support/new-ticket';
import { orderNamedText, type CatalogueTranslator } from '@/components/support/order-summary-text';
import { TicketReply } from '@/components/support/ticket-reply';
import { StatusBadge } from '@/components/ui/status-badge';
import { TicketThread } from '@/components/support/ticket-thread';
import { MessagesSquare, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cardVariants } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ ticket?: string; order?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Tickets' });
  return { title: t('title'), robots: { index: false } };
}

/**
 * /panel/support (issue #18): the customer's tickets, the selected one's thread (`?ticket=`) with
 * the reply box, and the form to open a new one (`?order=` preselects an order). Live: a message
 * of the support team appears without a reload.
 */
export default async function SupportPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const db = await getDb();
  const query = await searchParams;
  const t = await getTranslations('Tickets');
  const catalogue = (await getTranslations()) as unknown as CatalogueTranslator;
  const format = await getFormat();
  const [list, orders, socketToken] = await Promise.all([listTickets(db, user.id), listTicketableOrders(db, user.id), tokenForSessionUser(user)]);
  let selected: TicketDetail | null = null;
  const wanted = Number(query.ticket);
  if (Number.isInteger(wanted) && wanted > 0 && wanted <= 2_147_483_647) {
    selected = await getTicket(db, { ticketId: wanted, userId: user.id }).catch((err: unknown) => {
      if (isAppError(err) && err.code === 'TICKET_NOT_FOUND') return null;
      throw err;
    });
  }
  // The order a link names (a notice's "ask support"): its task_id, or its number as a person writes it ("#123", "123").
  const wantedOrder = typeof query.order === 'string' ? query.order.trim().replace(/^#\s*/, '') : '';
  const defaultOrderId = orders.find((o) => o.task_id === wantedOrder || String(o.order_number) === wantedOrder)?.task_id;

  return (
    <section aria-labelledby="support-heading" className="space-y-6">
      <LiveTicketRefresh socketToken={socketToken} />
      <h1 id="support-heading" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <nav aria-label={t('listTitle')} className="space-y-2">
          <h2 className="text-lg font-semibold">{t('listTitle')}</h2>
          {list.length === 0 ? <EmptyState icon={MessagesSquare} title={t('empty')} /> : null}
          <ul className="space-y-2" data-ticket-list>
            {list.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  href={{ pathname: '/panel/support', query: { ticket: ticket.id } }}
                  aria-current={selected?.id === ticket.id ? 'page' : undefined}
                  className={cn('flex min-h-11 flex-col gap-1 rounded-lg border border-line bg-card p-3 text-sm hover:bg-brand-soft', selected?.id === ticket.id && 'border-brand')}
                >
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium">
                      #{ticket.id} {ticket.subject}
                    </span>
                    <StatusBadge kind="ticket" status={ticket.status} />
                  </span>
                  <span className="text-xs text-muted">
                    {t(`categories.${ticket.category}`)} · {format.dateTime(ticket.last_message_at)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {selected ? (
            <Button asChild variant="secondary">
              <Link href="/panel/support">
                <Plus aria-hidden="true" className="size-4" />
                {t('newTitle')}
              </Link>
            </Button>
          ) : null}
        </nav>
        <div className={cardVariants('min-w-0 p-4')}>
          {selected ? (
            <div className="space-y-4">
              <TicketThread ticket={selected} viewer="customer" />
              <TicketReply ticketId={selected.id} status={selected.status} closedAt={selected.closed_at} viewer="customer" />
            </div>
          ) : (
            <NewTicket
              orders={orders.map((o) => ({ task_id: o.task_id, label: t('orderOption', { summary: orderNamedText(catalogue, o), date: format.dateTime(o.created_at) }) }))}
              defaultOrderId={defaultOrderId}
            />
          )}
        </div>
      </div>
    </section>
  );
}
