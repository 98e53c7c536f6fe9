import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { getKullanici } from '@/lib/domain/users';
import { redirect } from '@/lib/infra/i18n/navigation';
import { requirePageUser } from '@/app/_lib/page-guards';
import { ProfileForm } from '@/components/auth/profile-form';
import { LogoutEverywhere } from '@/components/auth/logout-everywhere';
import { TwoFactorCard } from '@/components/auth/two-factor-card';
import { getTwoFactorStatus } from '@/lib/domain/two-factor';
import { cachedSiteSettings } from '@/lib/domain/settings';
import { ApiAccess } from '@/components/panel/api-access';
import { listApiKeys, MAX_API_KEYS } from '@/lib/domain/api-keys';
import { publicUrl } from '@/env';
import { getPreferences } from '@/lib/domain/notifications';
import { NotificationPreferences } from '@/components/panel/notification-preferences';
import { cardVariants } from '@/components/ui/card';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Auth.meta' });
  return { title: t('settings'), robots: { index: false } };
}

/** /panel/settings (§2): personal information, password change, two-factor sign-in, notifications (issue #18), log out everywhere, and API access (issue #16). */
export default async function SettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const db = await getDb();
  const kullanici = await getKullanici(db, user.id);
  if (!kullanici) return redirect({ href: '/login', locale });
  const [twoFactor, site, prefs] = await Promise.all([getTwoFactorStatus(db, user.id), cachedSiteSettings(db), getPreferences(db, user.id)]);
  const t = await getTranslations('Settings');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <ProfileForm
        kind={user.kind}
        defaults={{ ad_soyad: kullanici.ad_soyad, email: kullanici.email, telefon: kullanici.telefon, meslek: kullanici.meslek }}
      />
      <TwoFactorCard initial={twoFactor} account={kullanici.email} site={site.site_adi} />
      <NotificationPreferences initial={{ channels: prefs.channels, low_balance_cents: prefs.lowBalanceCents }} />
      <section aria-labelledby="sessions-heading" className={cardVariants('space-y-3 p-4')}>
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {t('sessions')}
        </h2>
        <p className="text-sm text-muted">{t('sessionsText')}</p>
        <LogoutEverywhere />
      </section>
      <ApiAccess initialKeys={await listApiKeys(db, user.id)} endpoint={`${publicUrl()}/api/v2`} maxKeys={MAX_API_KEYS} />
    </div>
  );
}
