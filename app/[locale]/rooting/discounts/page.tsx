import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listDiscountCodes } from '@/lib/domain/discounts';
import { listPackages } from '@/lib/domain/packages';
import { DiscountsManager } from '@/components/admin/discounts-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('discounts') };
}

export default async function DiscountsPage({ params }: Props) {
  const { db } = await adminPage(params);
  const [codes, packages] = await Promise.all([listDiscountCodes(db), listPackages(db)]);
  return <DiscountsManager codes={codes} packages={packages} />;
}
