import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminWatchQuerySchema, listAllWatches, ADMIN_WATCH_PAGE_SIZE, WATCH_STATUSES } from '@/lib/domain/watches';
import { AdminFilters, FilterSelect } from '@/components/admin/admin-filters';
import { Pager } from '@/components/admin/pager';
import { WatchesList } from '@/components/admin/watches-list';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string; status?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('watches') };
}

/**
 * /rooting/watches (issue #37 item 5): every customer's watches, newest first, filtered by status
 * with a plain GET form (linkable, works before hydration), 50 a page; each with its last poll,
 * failures and last error, posts found / acted on / skipped, its end, its posts (a dialog) and
 * pause / resume (audited; the customer is told of a pause).
 */
export default async function WatchesPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const t = await getTranslations('Admin.watches');
  const tw = await getTranslations('Watch.status');
  const raw = await searchParams;
  const wanted = (WATCH_STATUSES as readonly string[]).includes(raw.status ?? '') ? raw.status : undefined;
  const parsed = adminWatchQuerySchema.safeParse({ status: wanted, page: raw.page && /^\d{1,5}$/.test(raw.page) ? raw.page : undefined });
  const query = parsed.success ? parsed.data : adminWatchQuerySchema.parse({});
  const { watches, toplam } = await listAllWatches(db, query);
  const pages = Math.max(1, Math.ceil(toplam / ADMIN_WATCH_PAGE_SIZE));
  return (
    <section aria-labelledby="watches-title">
      <h1 id="watches-title" className="mb-2 text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mb-4 max-w-prose text-sm text-muted">{t('intro')}</p>
      <AdminFilters
        label={t('filters')}
        applyLabel={t('apply')}
        clear={query.status ? { href: '/rooting/watches', label: t('clear') } : undefined}
        summary={
          <p aria-live="polite" data-watches-total={toplam}>
            {t('resultCount', { count: toplam })}
          </p>
        }
      >
        <FilterSelect id="watches-status" name="status" label={t('status')} anyLabel={t('any')} value={query.status ?? ''} options={WATCH_STATUSES.map((s) => [s, tw(s)] as const)} />
      </AdminFilters>
      <WatchesList watches={watches} emptyText={query.status ? t('noMatch') : t('empty')} />
      <Pager label={t('pagination')} pathname="/rooting/watches" query={{ status: query.status }} page={query.page} pages={pages} previousLabel={t('newer')} nextLabel={t('older')} />
    </section>
  );
}
