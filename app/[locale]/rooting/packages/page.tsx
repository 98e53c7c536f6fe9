import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listPackages } from '@/lib/domain/packages';
import { PackagesManager } from '@/components/admin/packages-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('packages') };
}

export default async function PackagesPage({ params }: Props) {
  const { db } = await adminPage(params);
  return <PackagesManager packages={await listPackages(db)} />;
}
