import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { latestOrderingCustomer } from '@/lib/domain/history';
import { HistoryViewer } from '@/components/admin/history-viewer';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('history') };
}

export default async function HistoryPage({ params }: Props) {
  const { db } = await adminPage(params);
  // Opens on the customer of the most recent order (issue #32), not on an empty page; another is
  // found by searching (issue #35: not every user in the page).
  return <HistoryViewer initialUser={await latestOrderingCustomer(db)} />;
}
