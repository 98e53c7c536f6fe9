import { Megaphone, Star } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * §3 Announcement as the panel shows it: one language, chosen on the server by the same rule as
 * `GET /duyurular?lang=` (German with English in its place when the German texts are empty).
 */
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
      <div data-testid="announcements-empty">
        <EmptyState icon={Megaphone} title={t('emptyTitle')} description={t('emptyText')} className="bg-card" />
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
            {/* The priority badge is solid: the theme's warning text on its 10 % tint is below 4.5:1 (axe). */}
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 id={`duyuru-${d.id}`} className="text-lg font-semibold">
                {d.baslik}
              </h3>
              {d.oncelik > 0 ? (
                <Badge tone="warning" icon={Star} className="border-warning bg-warning text-on-fill">
                  {t('priority')}
                </Badge>
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
