import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionKey, isAuditAction, isAuditEntity, listAuditLog } from '@/lib/audit';
import { Link } from '@/lib/i18n/navigation';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string; entity?: string; action?: string }> };
const PAGE_SIZE = 50;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('audit') };
}

/**
 * /rooting/audit: every admin write, newest first: who, when, what, before and after; filtered by
 * record type and action with a plain GET form (works before hydration and is linkable).
 */
export default async function AuditPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const t = await getTranslations('Admin.audit');
  const format = await getFormatter();
  const query = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
  // Unknown values (an old link, a typo) are ignored rather than refused.
  const entity = isAuditEntity(query.entity) ? query.entity : undefined;
  const action = isAuditAction(query.action) ? query.action : undefined;
  const filtered = entity !== undefined || action !== undefined;
  const { entries, total } = await listAuditLog(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, entity, action });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const actionText = (a: string) => (isAuditAction(a) ? t(`actions.${auditActionKey(a)}`) : a);
  const entityText = (e: string) => (isAuditEntity(e) ? t(`entities.${e}`) : e);
  const pageLink = (to: number) => ({ pathname: '/rooting/audit' as const, query: { ...(entity ? { entity } : {}), ...(action ? { action } : {}), page: to } });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <form method="get" aria-label={t('filters')} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-card p-3 shadow-sm" data-audit-filters>
        <FilterSelect id="audit-entity" name="entity" label={t('filterEntity')} anyLabel={t('any')} value={entity} options={AUDIT_ENTITIES.map((e) => [e, entityText(e)])} />
        <FilterSelect id="audit-action" name="action" label={t('filterAction')} anyLabel={t('any')} value={action} options={AUDIT_ACTIONS.map((a) => [a, actionText(a)])} />
        <button type="submit" className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-ink hover:opacity-90">
          {t('apply')}
        </button>
        {filtered ? (
          <Link href="/rooting/audit" className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-sm">
            {t('clear')}
          </Link>
        ) : null}
        <p className="ml-auto self-center text-sm text-muted" aria-live="polite" data-audit-total={total}>
          {t('resultCount', { count: total })}
        </p>
      </form>
      {entries.length === 0 ? <p className="rounded-lg bg-card p-6 text-muted">{filtered ? t('noMatch') : t('empty')}</p> : null}
      <ol className="flex flex-col gap-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg bg-card p-3 text-sm shadow-sm">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold">{actionText(e.action)}</span>
              <span className="text-muted">
                {entityText(e.entity)} #{e.entity_id ?? '—'}
              </span>
              <span className="text-muted">{e.actor ? `${e.actor.ad_soyad} <${e.actor.email}>` : t('unknownActor')}</span>
              <time dateTime={e.created_at} className="text-muted">
                {format.dateTime(new Date(e.created_at), { dateStyle: 'medium', timeStyle: 'medium' })}
              </time>
              {e.ip ? <span className="text-muted">{e.ip}</span> : null}
            </div>
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
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav aria-label={t('pagination')} className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? <Link href={pageLink(page - 1)} className="rounded border border-line px-3 py-2">{t('newer')}</Link> : null}
          <span>{t('pageOf', { page, pages })}</span>
          {page < pages ? <Link href={pageLink(page + 1)} className="rounded border border-line px-3 py-2">{t('older')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** A labelled select of the filter form; the empty value means "all". */
function FilterSelect({ id, name, label, anyLabel, value, options }: { id: string; name: string; label: string; anyLabel: string; value?: string; options: [string, string][] }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className="min-h-11 rounded-md border border-line bg-card px-3 text-sm text-ink">
        <option value="">{anyLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
