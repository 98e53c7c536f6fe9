import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listAllAnnouncements } from '@/lib/domain/announcements';
import { AnnouncementsManager } from '@/components/admin/announcements-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('announcements') };
}

export default async function AnnouncementsPage({ params }: Props) {
  const { db } = await adminPage(params);
  return <AnnouncementsManager announcements={await listAllAnnouncements(db)} />;
}
