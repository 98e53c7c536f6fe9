import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { listActiveAnnouncements } from '@/lib/domain/announcements';
import { getCustomerOverview } from '@/lib/domain/overview';
import { requirePageUser } from '@/app/_lib/page-guards';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { AnnouncementList } from '@/components/panel/announcement-list';
import { CustomerOverview } from '@/components/panel/overview/customer-overview';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Panel.overview' });
  return { title: t('title'), robots: { index: false } };
}

/**
 * /panel (§2): the customer's overview (issue #15: packages with today's use, balance, last
 * orders), then the announcements index in the page's language (German falls back to English,
 * as GET /duyurular?lang=de does). All server-rendered. Announcements that cannot be read are
 * shown as none (§8: silent).
 */
export default async function PanelAnnouncementsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Panel');
  const db = await getDb();
  const [overview, { value: duyurular }] = await Promise.all([
    getCustomerOverview(db, user, { locale }),
    readOrEmpty(() => listActiveAnnouncements(db, locale), [], { list: 'announcements', page: '/panel' }),
  ]);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">{t('overview.title')}</h1>
      <CustomerOverview overview={overview} />
      <section aria-labelledby="panel-heading" className="space-y-4">
        <h2 id="panel-heading" className="text-xl font-semibold">
          {t('announcements.title')}
        </h2>
        <AnnouncementList duyurular={duyurular} />
      </section>
    </div>
  );
}
