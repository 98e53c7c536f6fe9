import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { tokenForSessionUser } from '@/auth';
import { isAppError } from '@/lib/infra/errors';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/infra/utils/cn';
import { ADMIN_TICKET_SORTS, countAdminTickets, getAdminTicket, listAdminTickets, listTicketAdmins, TICKET_CATEGORIES, TICKET_STATUSES, type AdminTicketDetail, type AdminTicketSort, type TicketCategory, type TicketStatus } from '@/lib/domain/tickets';
import { LiveTicketRefresh } from '@/components/support/live-ticket-refresh';
import { TicketAssign } from '@/components/support/ticket-assign';
import { TicketReply } from '@/components/support/ticket-reply';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { TicketThread } from '@/components/support/ticket-thread';
import { OrderSummary } from '@/components/support/order-summary';
import { getFormat } from '@/components/ui/get-format';
import { AdminFilters, FilterSelect } from '@/components/admin/admin-filters';
import { Pager } from '@/components/admin/pager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ status?: string; category?: string; sort?: string; ticket?: string; page?: string }> };

/** Tickets per page of the inbox. */
const PAGE_SIZE = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('tickets') };
}

const isStatus = (v: unknown): v is TicketStatus => typeof v === 'string' && (TICKET_STATUSES as readonly string[]).includes(v);
const isCategory = (v: unknown): v is TicketCategory => typeof v === 'string' && (TICKET_CATEGORIES as readonly string[]).includes(v);
const isSort = (v: unknown): v is AdminTicketSort => typeof v === 'string' && (ADMIN_TICKET_SORTS as readonly string[]).includes(v);

/**
 * /rooting/tickets (issue #18): the support inbox, filtered by status and category with a plain GET
 * form and sorted by newest or oldest activity, newest ticket or status; the selected ticket (`?ticket=`) with its thread, the customer's packages, balance and
 * recent orders beside it, the reply box, closing and assignment. New messages arrive live.
 */
export default async function TicketsInboxPage({ params, searchParams }: Props) {
  const { db, admin } = await adminPage(params);
  const t = await getTranslations('Admin.tickets');
  const tt = await getTranslations('Tickets');
  const tc = await getTranslations('Admin.audit');
  const tp = await getTranslations('Platforms');
  const format = await getFormat();
  const query = await searchParams;
  const status = isStatus(query.status) ? query.status : undefined;
  const category = isCategory(query.category) ? query.category : undefined;
  // The default order (newest activity) stays out of the links.
  const sort = isSort(query.sort) && query.sort !== 'activity' ? query.sort : undefined;
  const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
  const [list, total, admins, socketToken] = await Promise.all([
    listAdminTickets(db, { status, category, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    countAdminTickets(db, { status, category }),
    listTicketAdmins(db),
    tokenForSessionUser(admin),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let selected: AdminTicketDetail | null = null;
  const wanted = Number(query.ticket);
  if (Number.isInteger(wanted) && wanted > 0 && wanted <= 2_147_483_647) {
    selected = await getAdminTicket(db, wanted).catch((err: unknown) => {
      if (isAppError(err) && err.code === 'TICKET_NOT_FOUND') return null;
      throw err;
    });
  }
  const filters = { ...(status ? { status } : {}), ...(category ? { category } : {}), ...(sort ? { sort } : {}) };

  return (
    <section aria-labelledby="tickets-title" className="space-y-4">
      <LiveTicketRefresh socketToken={socketToken} />
      <h1 id="tickets-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <AdminFilters
        label={t('filters')}
        applyLabel={t('apply')}
        clear={status || category || sort ? { href: '/rooting/tickets', label: t('clear') } : undefined}
        summary={<p aria-live="polite">{t('resultCount', { count: total })}</p>}
      >
        <FilterSelect id="tickets-status" name="status" label={t('status')} anyLabel={t('any')} value={status} options={TICKET_STATUSES.map((s) => [s, tt(`status.${s}`)] as const)} />
        <FilterSelect id="tickets-category" name="category" label={t('category')} anyLabel={t('any')} value={category} options={TICKET_CATEGORIES.map((c) => [c, tt(`categories.${c}`)] as const)} />
        <FilterSelect id="tickets-sort" name="sort" label={t('sort')} value={sort ?? 'activity'} options={ADMIN_TICKET_SORTS.map((s) => [s, t(`sorts.${s}`)] as const)} />
      </AdminFilters>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          {list.length === 0 ? <p className="rounded-lg bg-card p-6 text-muted">{t('empty')}</p> : null}
          <ul className="space-y-2" data-ticket-inbox>
            {list.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  href={{ pathname: '/rooting/tickets', query: { ...filters, ...(page > 1 ? { page } : {}), ticket: ticket.id } }}
                  aria-current={selected?.id === ticket.id ? 'page' : undefined}
                  className={cn('flex min-h-11 flex-col gap-1 rounded-lg border border-line bg-card p-3 text-sm hover:bg-brand-soft', selected?.id === ticket.id && 'border-brand')}
                >
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium">
                      #{ticket.id} {ticket.subject}
                    </span>
                    <TicketStatusBadge status={ticket.status} />
                  </span>
                  <span className="truncate text-xs text-muted">
                    {ticket.customer.ad_soyad} · {tt(`categories.${ticket.category}`)} · {format.dateTime(ticket.last_message_at)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager label={tc('pagination')} pathname="/rooting/tickets" query={filters} page={page} pages={pages} />
        </div>
        {selected ? (
          <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div className="min-w-0 space-y-4 rounded-lg bg-card p-4 shadow-sm">
              <TicketThread ticket={selected} viewer="admin" />
              <TicketReply ticketId={selected.id} status={selected.status} closedAt={selected.closed_at} viewer="admin" />
            </div>
            <aside aria-label={t('customer')} className="min-w-0 space-y-3 rounded-lg bg-card p-4 text-sm shadow-sm" data-ticket-customer>
              <h2 className="font-semibold">{t('customer')}</h2>
              <p className="wrap-anywhere">
                {selected.customer.ad_soyad}
                <br />
                <span className="text-muted">{selected.customer.email}</span>
              </p>
              <p>{t('balance', { amount: format.money(selected.customer.bakiye_cents) })}</p>
              <TicketAssign ticketId={selected.id} assignedTo={selected.assigned_to} admins={admins} />
              <h3 className="font-semibold">{t('packages')}</h3>
              {selected.customer.packages.length === 0 ? <p className="text-muted">{t('noPackages')}</p> : null}
              <ul className="space-y-1">
                {selected.customer.packages.map((p) => (
                  <li key={p.platform}>
                    {t('packageLine', { platform: tp.has(p.platform) ? tp(p.platform) : p.platform, name: p.paket_adi, daily: p.gunluk_limit, until: format.date(p.ends_at) })}
                  </li>
                ))}
              </ul>
              <h3 className="font-semibold">{t('recentOrders')}</h3>
              {selected.customer.recent_orders.length === 0 ? <p className="text-muted">{t('noOrders')}</p> : null}
              <ul className="space-y-1">
                {selected.customer.recent_orders.map((o) => (
                  <li key={o.task_id} className="break-words" data-ticket-recent-order={o.durum}>
                    <OrderSummary order={o} />
                    <time dateTime={o.created_at} className="block text-xs text-muted">
                      {format.dateTime(o.created_at)}
                    </time>
                  </li>
                ))}
              </ul>
            </aside>
          </div>
        ) : (
          <p className="rounded-lg bg-card p-6 text-muted">{t('pick')}</p>
        )}
      </div>
    </section>
  );
}
