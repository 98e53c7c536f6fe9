import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getAdminSiteSettings } from '@/lib/settings';
import { SettingsForm } from '@/components/admin/settings-form';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('settings') };
}

export default async function SettingsPage({ params }: Props) {
  const { db } = await adminPage(params);
  return <SettingsForm settings={await getAdminSiteSettings(db)} />;
}
