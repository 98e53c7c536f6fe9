import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';
import { getSiteSettings, type SiteSettings } from './get-site-settings';
import { DEFAULT_WATCH_POLL_SECONDS } from './watch-poll-seconds';

export type AdminSiteSettings = SiteSettings & {
  cooldown_saniye: number;
  twitter_min_profil: number;
  require_admin_2fa: boolean;
  karantina_hata_sayisi: number;
  takilma_dakika: number;
  takilma_azami_dakika: number;
  profil_saatlik_limit: number;
  /** Issue #36 item 6: blocked words of approved comments per language (tr, en, de, * for all). */
  yasakli_kelimeler: { tr: string[]; en: string[]; de: string[]; '*': string[] };
  yorum_taslak_dakika: number;
  /** Issue #38 item 1. */
  verify_after_minutes: number[];
  /** Issue #37. */
  watch_poll_seconds: number;
};

/** The settings form: the public fields plus the send rules and the admin two-factor rule kept in the same row. */
export async function getAdminSiteSettings(db: Db): Promise<AdminSiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return {
    ...(await getSiteSettings(db)),
    cooldown_saniye: row?.cooldownSeconds ?? 30,
    twitter_min_profil: row?.twitterMinProfiles ?? 1,
    require_admin_2fa: row?.requireAdminTwoFactor ?? false,
    karantina_hata_sayisi: row?.quarantineAfterFailures ?? 5,
    takilma_dakika: row?.stuckAfterMinutes ?? 30,
    takilma_azami_dakika: row?.stuckMaxMinutes ?? 120,
    profil_saatlik_limit: row?.profileHourlyCap ?? 0,
    yasakli_kelimeler: { tr: row?.blockedWords.tr ?? [], en: row?.blockedWords.en ?? [], de: row?.blockedWords.de ?? [], '*': row?.blockedWords['*'] ?? [] },
    yorum_taslak_dakika: row?.commentDraftMinutes ?? 30,
    verify_after_minutes: row?.verifyAfterMinutes ?? [1440, 10080, 43200],
    watch_poll_seconds: row?.watchPollSeconds ?? DEFAULT_WATCH_POLL_SECONDS,
  };
}
