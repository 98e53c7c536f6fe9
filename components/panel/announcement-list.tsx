import { getFormatter, getTranslations } from 'next-intl/server';

/** §3 Announcement as the panel shows it (one language, already chosen on the server). */
export type PanelAnnouncement = {
  id: number;
  baslik: string;
  icerik: string;
  oncelik: number;
  tarih: string;
  guncelleme_tarihi: string;
};

/**
 * The announcements index of the panel (§2): title, multi-line content, a priority badge when
 * `oncelik` > 0, the date and the last update in the page's locale; an empty state.
 */
export async function AnnouncementList({ duyurular }: { duyurular: PanelAnnouncement[] }) {
  const t = await getTranslations('Panel.announcements');
  const format = await getFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeStyle: 'short' });

  if (duyurular.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-line bg-card p-8 text-center" data-testid="announcements-empty">
        <p className="font-medium">{t('emptyTitle')}</p>
        <p className="mt-1 text-sm text-muted">{t('emptyText')}</p>
      </div>
    );
  }

  return (
    <ul className="space-y-4" aria-label={t('listLabel')}>
      {duyurular.map((d) => (
        <li key={d.id}>
          <article
            aria-labelledby={`duyuru-${d.id}`}
            className={d.oncelik > 0 ? 'rounded-lg border border-warning/40 bg-card p-4 shadow-sm' : 'rounded-lg border border-line bg-card p-4 shadow-sm'}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 id={`duyuru-${d.id}`} className="text-lg font-semibold">
                {d.baslik}
              </h2>
              {d.oncelik > 0 ? (
                <span className="inline-flex items-center rounded-full bg-warning px-2.5 py-0.5 text-xs font-semibold text-white">{t('priority')}</span>
              ) : null}
            </div>
            <p className="mt-2 whitespace-pre-line break-words text-ink">{d.icerik}</p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
              <div className="flex gap-1">
                <dt>{t('date')}</dt>
                <dd>
                  <time dateTime={d.tarih}>{when(d.tarih)}</time>
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>{t('updated')}</dt>
                <dd>
                  <time dateTime={d.guncelleme_tarihi}>{when(d.guncelleme_tarihi)}</time>
                </dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
