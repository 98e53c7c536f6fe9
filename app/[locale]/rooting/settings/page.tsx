import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getAdminSiteSettings } from '@/lib/domain/settings';
import { getTwoFactorStatus } from '@/lib/domain/two-factor';
import { TwoFactorCard } from '@/components/auth/two-factor-card';
import { SettingsForm } from '@/components/admin/settings-form';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('settings') };
}

/** /rooting/settings (§2): the site settings, and the signed-in admin's own two-factor sign-in. */
export default async function SettingsPage({ params }: Props) {
  const { db, admin } = await adminPage(params);
  const [settings, twoFactor] = await Promise.all([getAdminSiteSettings(db), getTwoFactorStatus(db, admin.id)]);
  return (
    <div className="space-y-6">
      <SettingsForm settings={settings} />
      <TwoFactorCard initial={twoFactor} account={admin.email} site={settings.site_adi} />
    </div>
  );
}
