import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listPlatforms } from '@/lib/domain/platforms';
import { PlatformsManager } from '@/components/admin/platforms-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('platforms') };
}

export default async function PlatformsPage({ params }: Props) {
  const { db } = await adminPage(params);
  return <PlatformsManager platforms={await listPlatforms(db, { withEndpoints: true })} />;
}
