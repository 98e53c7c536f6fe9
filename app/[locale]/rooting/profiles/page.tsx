import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PLATFORMS, type Platform, DEFAULT_PLATFORM } from '@/lib/domain/catalogue/services';
import { listProfileHealth } from '@/lib/domain/profiles';
import { profileKeptRates } from '@/lib/domain/verification';
import { ProfileHealthManager } from '@/components/admin/profile-health-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ platform?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('profiles') };
}

/**
 * /rooting/profiles (issue #17 "Profile health"): the profiles of one platform with their 7-day
 * record and kept rate (issue #38 item 3); quarantined ones first, with their recent failures, to reactivate or disable.
 */
export default async function ProfilesPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const wanted = (await searchParams).platform;
  // An unknown platform in the address (an old link, a typo) shows the first one.
  const platform: Platform = (PLATFORMS as readonly string[]).includes(wanted ?? '') ? (wanted as Platform) : DEFAULT_PLATFORM;
  // Issue #38 item 3: each profile's kept rate at 7 and 30 days beside its record.
  const [list, kept] = await Promise.all([listProfileHealth(db, { platform }), profileKeptRates(db, platform)]);
  return <ProfileHealthManager platform={platform} profiles={list} kept={Object.fromEntries(kept)} />;
}
