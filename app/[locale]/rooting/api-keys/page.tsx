import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listAllApiKeys } from '@/lib/api-keys';
import { Link } from '@/lib/i18n/navigation';
import { ApiKeysTable } from '@/components/admin/api-keys-table';
import { adminPage } from '../admin-page';

type Status = 'active' | 'revoked' | 'all';
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string; status?: string; q?: string }> };
const PAGE_SIZE = 50;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('apiKeys') };
}

/**
 * /rooting/api-keys (issue #16): every customer's reseller API keys with owner, prefix, creation
 * and last use; an admin revokes any key (DELETE /api/api-keys/admin/{id}, audited). Filtered by
 * status and owner with a plain GET form, so a filtered view works before hydration and is linkable.
 */
export default async function ApiKeysPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const t = await getTranslations('Admin.apiKeys');
  const query = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
  const status: Status = query.status === 'revoked' || query.status === 'all' ? query.status : 'active';
  const q = typeof query.q === 'string' ? query.q.replace(/\0/g, '').trim().slice(0, 100) : '';
  const filtered = status !== 'active' || q !== '';
  const { api_keys, toplam } = await listAllApiKeys(db, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    revoked: status === 'active' ? '0' : status === 'revoked' ? '1' : undefined,
    q: q || undefined,
  });
  const pages = Math.max(1, Math.ceil(toplam / PAGE_SIZE));
  const pageLink = (to: number) => ({
    pathname: '/rooting/api-keys' as const,
    query: { ...(status !== 'active' ? { status } : {}), ...(q ? { q } : {}), page: to },
  });
  return (
    <section aria-labelledby="api-keys-title">
      <h1 id="api-keys-title" className="mb-2 text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mb-4 max-w-prose text-sm text-muted">{t('intro')}</p>
      <form method="get" aria-label={t('filters')} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-card p-3 shadow-sm">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor="api-keys-q" className="text-sm font-medium">
            {t('search')}
          </label>
          <input id="api-keys-q" name="q" type="search" defaultValue={q} maxLength={100} className="min-h-11 rounded-md border border-line bg-card px-3 text-sm text-ink" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="api-keys-status" className="text-sm font-medium">
            {t('status')}
          </label>
          <select id="api-keys-status" name="status" defaultValue={status} className="min-h-11 rounded-md border border-line bg-card px-3 text-sm text-ink">
            <option value="active">{t('statusActive')}</option>
            <option value="revoked">{t('statusRevoked')}</option>
            <option value="all">{t('statusAll')}</option>
          </select>
        </div>
        <button type="submit" className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-ink hover:opacity-90">
          {t('apply')}
        </button>
        {filtered ? (
          <Link href="/rooting/api-keys" className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm">
            {t('clear')}
          </Link>
        ) : null}
        <p className="ml-auto self-center text-sm text-muted" aria-live="polite" data-api-keys-total={toplam}>
          {t('resultCount', { count: toplam })}
        </p>
      </form>
      <ApiKeysTable keys={api_keys} emptyText={filtered ? t('noMatch') : t('empty')} />
      {pages > 1 ? (
        <nav aria-label={t('pagination')} className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link href={pageLink(page - 1)} className="rounded border border-line px-3 py-2">
              {t('newer')}
            </Link>
          ) : null}
          <span>{t('pageOf', { page, pages })}</span>
          {page < pages ? (
            <Link href={pageLink(page + 1)} className="rounded border border-line px-3 py-2">
              {t('older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
