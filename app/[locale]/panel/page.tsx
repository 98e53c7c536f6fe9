import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { listActiveAnnouncements } from '@/lib/announcements';
import { requirePageUser } from '@/app/_lib/page-guards';
import { AnnouncementList } from '@/components/panel/announcement-list';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Panel.announcements' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /panel (§2): the announcements index. Announcements are written in Turkish and English only
 * (§3), so the Turkish page shows the Turkish texts and the English and German pages the English ones.
 */
export default async function PanelAnnouncementsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePageUser(locale);
  const t = await getTranslations('Panel.announcements');
  const duyurular = await listActiveAnnouncements(await getDb(), locale);

  return (
    <section aria-labelledby="panel-heading" className="space-y-4">
      <h1 id="panel-heading" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <AnnouncementList duyurular={duyurular} />
    </section>
  );
}
