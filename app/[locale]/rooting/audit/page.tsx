import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { listAuditLog } from '@/lib/audit';
import { Link } from '@/lib/i18n/navigation';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string }> };
const PAGE_SIZE = 50;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('audit') };
}

/** /rooting/audit: every admin write, newest first: who, when, what, before and after. */
export default async function AuditPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const t = await getTranslations('Admin.audit');
  const format = await getFormatter();
  const page = Math.max(1, Math.min(10_000, Number((await searchParams).page) || 1));
  const { entries, total } = await listAuditLog(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const actionText = (action: string) => {
    const key = `actions.${action.replace('.', '_')}`;
    return t.has(key as never) ? t(key as never) : action;
  };
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      {entries.length === 0 ? <p className="rounded-lg bg-card p-6 text-muted">{t('empty')}</p> : null}
      <ol className="flex flex-col gap-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg bg-card p-3 text-sm shadow-sm">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold">{actionText(e.action)}</span>
              <span className="text-muted">
                {e.entity} #{e.entity_id ?? '—'}
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
          {page > 1 ? <Link href={{ pathname: '/rooting/audit', query: { page: page - 1 } }} className="rounded border border-line px-3 py-2">{t('newer')}</Link> : null}
          <span>{t('pageOf', { page, pages })}</span>
          {page < pages ? <Link href={{ pathname: '/rooting/audit', query: { page: page + 1 } }} className="rounded border border-line px-3 py-2">{t('older')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
