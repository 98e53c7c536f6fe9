import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SORTS, auditActionKey, isAuditAction, isAuditEntity, listAuditLog, type AuditLogRow, type AuditSort } from '@/lib/domain/audit';
import { SortHeader, type SortDir } from '@/components/admin/sort-header';
import { AdminFilters, FilterSelect } from '@/components/admin/admin-filters';
import { Pager } from '@/components/admin/pager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string; entity?: string; action?: string; sort?: string; dir?: string }> };
const PAGE_SIZE = 50;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('audit') };
}

/**
 * /rooting/audit: every admin write, newest first: who, when, what, before and after; filtered by
 * record type and action with a plain GET form (works before hydration and is linkable); on a
 * wider screen a table sorted on the server by time, action, record type or admin.
 */
export default async function AuditPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const t = await getTranslations('Admin.audit');
  const tc = await getTranslations('Admin.common');
  const format = await getFormatter();
  const query = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
  // Unknown values (an old link, a typo) are ignored rather than refused.
  const entity = isAuditEntity(query.entity) ? query.entity : undefined;
  const action = isAuditAction(query.action) ? query.action : undefined;
  const filtered = entity !== undefined || action !== undefined;
  const sort: AuditSort = (AUDIT_SORTS as readonly string[]).includes(query.sort ?? '') ? (query.sort as AuditSort) : 'created';
  const firstDir = (column: AuditSort): SortDir => (column === 'created' ? 'desc' : 'asc');
  const dir: SortDir = query.dir === 'asc' || query.dir === 'desc' ? query.dir : firstDir(sort);
  const { locale } = await params;
  const byName = (text: (v: string) => string) => (a: string, b: string) => text(a).localeCompare(text(b), locale);
  const actionText = (a: string) => (isAuditAction(a) ? t(`actions.${auditActionKey(a)}`) : a);
  const entityText = (e: string) => (isAuditEntity(e) ? t(`entities.${e}`) : e);
  const labelOrder = { action: [...AUDIT_ACTIONS].sort(byName(actionText)), entity: [...AUDIT_ENTITIES].sort(byName(entityText)) };
  const { entries, total } = await listAuditLog(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, entity, action, sort, dir, labelOrder });
  // The sort stays out of the links while it is the default.
  const sortQuery: Record<string, string> = sort === 'created' && dir === 'desc' ? {} : { sort, dir };
  const header = (column: AuditSort, label: string) => {
    const active = sort === column;
    const next: SortDir = active ? (dir === 'asc' ? 'desc' : 'asc') : firstDir(column);
    const q = { ...(entity ? { entity } : {}), ...(action ? { action } : {}), sort: column, dir: next };
    return <SortHeader label={label} active={active} dir={active ? dir : firstDir(column)} href={{ pathname: '/rooting/audit', query: q }} />;
  };
  const when = (e: AuditLogRow) => (
    <time dateTime={e.created_at} className="whitespace-nowrap">
      {format.dateTime(new Date(e.created_at), { dateStyle: 'medium', timeStyle: 'medium' })}
    </time>
  );
  const changes = (e: AuditLogRow) => (
    <details className="mt-2">
      <summary className="cursor-pointer text-brand">{t('changes')}</summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-muted">{t('before')}</p>
          <pre className="overflow-x-auto rounded bg-surface p-2 text-xs">{JSON.stringify(e.before, null, 2)}</pre>
        </div>
        <div>
          <p className="text-xs font-semibold text-muted">{t('after')}</p>
          <pre className="overflow-x-auto rounded bg-surface p-2 text-xs">{JSON.stringify(e.after, null, 2)}</pre>
        </div>
      </div>
    </details>
  );
  const actor = (e: AuditLogRow) => (e.actor ? `${e.actor.ad_soyad} <${e.actor.email}>` : t('unknownActor'));
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <AdminFilters
        label={t('filters')}
        applyLabel={t('apply')}
        clear={filtered ? { href: { pathname: '/rooting/audit', query: sortQuery }, label: t('clear') } : undefined}
        summary={
          <p aria-live="polite" data-audit-total={total}>
            {t('resultCount', { count: total })}
          </p>
        }
      >
        <FilterSelect id="audit-entity" name="entity" label={t('filterEntity')} anyLabel={t('any')} value={entity} options={AUDIT_ENTITIES.map((e) => [e, entityText(e)] as const)} />
        <FilterSelect id="audit-action" name="action" label={t('filterAction')} anyLabel={t('any')} value={action} options={AUDIT_ACTIONS.map((a) => [a, actionText(a)] as const)} />
        {/* The same order as the table's headers, for a phone, where the entries are cards. */}
        <FilterSelect id="audit-sort" name="sort" label={t('sortLabel')} value={sort} options={[['created', t('columns.time')], ['action', t('columns.action')], ['entity', t('columns.record')], ['actor', t('columns.admin')]] as const} />
        <FilterSelect id="audit-dir" name="dir" label={t('dirLabel')} value={dir} options={[['asc', tc('sortedAsc')], ['desc', tc('sortedDesc')]] as const} />
      </AdminFilters>
      {entries.length === 0 ? <p className="rounded-lg bg-card p-6 text-muted">{filtered ? t('noMatch') : t('empty')}</p> : null}
      {entries.length > 0 ? (
        <div className="hidden overflow-x-auto rounded-xl border border-line bg-card shadow-sm md:block" role="region" aria-label={t('tableLabel')} tabIndex={0} data-audit-table>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-muted">
              <tr>
                {header('created', t('columns.time'))}
                {header('action', t('columns.action'))}
                {header('entity', t('columns.record'))}
                {header('actor', t('columns.admin'))}
                <th scope="col" className="whitespace-nowrap p-3 font-medium">
                  {t('columns.ip')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-line align-top">
                  <td className="p-3 tabular-nums text-muted">{when(e)}</td>
                  <td className="p-3">
                    <span className="font-semibold">{actionText(e.action)}</span>
                    {changes(e)}
                  </td>
                  <td className="p-3 text-muted">
                    {entityText(e.entity)} #{e.entity_id ?? '—'}
                  </td>
                  <td className="wrap-anywhere p-3 text-muted">{actor(e)}</td>
                  <td className="p-3 text-muted">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ol className="flex flex-col gap-2 md:hidden">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg bg-card p-3 text-sm shadow-sm">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold">{actionText(e.action)}</span>
              <span className="text-muted">
                {entityText(e.entity)} #{e.entity_id ?? '—'}
              </span>
              <span className="text-muted">{actor(e)}</span>
              <span className="text-muted">{when(e)}</span>
              {e.ip ? <span className="text-muted">{e.ip}</span> : null}
            </div>
            {changes(e)}
          </li>
        ))}
      </ol>
      <Pager label={t('pagination')} pathname="/rooting/audit" query={{ entity, action, ...sortQuery }} page={page} pages={pages} previousLabel={t('newer')} nextLabel={t('older')} />
    </section>
  );
}
