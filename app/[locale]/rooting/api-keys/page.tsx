import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listAllApiKeys } from '@/lib/domain/api-keys';
import { AdminFilters, FilterSearch, FilterSelect } from '@/components/admin/admin-filters';
import { Pager } from '@/components/admin/pager';
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
  return (
    <section aria-labelledby="api-keys-title">
      <h1 id="api-keys-title" className="mb-2 text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mb-4 max-w-prose text-sm text-muted">{t('intro')}</p>
      <AdminFilters
        label={t('filters')}
        applyLabel={t('apply')}
        clear={filtered ? { href: '/rooting/api-keys', label: t('clear') } : undefined}
        summary={
          <p aria-live="polite" data-api-keys-total={toplam}>
            {t('resultCount', { count: toplam })}
          </p>
        }
      >
        <FilterSearch id="api-keys-q" name="q" label={t('search')} value={q} />
        <FilterSelect
          id="api-keys-status"
          name="status"
          label={t('status')}
          value={status}
          options={[
            ['active', t('statusActive')],
            ['revoked', t('statusRevoked')],
            ['all', t('statusAll')],
          ]}
        />
      </AdminFilters>
      <ApiKeysTable keys={api_keys} emptyText={filtered ? t('noMatch') : t('empty')} />
      <Pager label={t('pagination')} pathname="/rooting/api-keys" query={{ status: status !== 'active' ? status : undefined, q: q || undefined }} page={page} pages={pages} previousLabel={t('newer')} nextLabel={t('older')} />
    </section>
  );
}
