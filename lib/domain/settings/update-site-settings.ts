import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';
import { publicContentChanged } from '@/lib/infra/cache';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { AppError } from '@/lib/infra/errors';
import { getAdminSiteSettings, type AdminSiteSettings } from './get-admin-site-settings';
import type { SiteSettingsInput } from './schemas';

/**
 * Whether an account has two-factor sign-in on: lib/domain/two-factor's `twoFactorEnabled`, handed in by
 * the caller because lib/domain/two-factor reads these settings (the site name, the admin rule) and this
 * module must not import it back (issue #34 item 7).
 */
export type TwoFactorEnabled = (db: Db, userId: number) => Promise<boolean>;

/**
 * PUT /site-ayar: the single settings row (id 1), created on first save if the seed did not.
 * Switching on require_admin_2fa needs the acting admin's own two-factor sign-in (409
 * TWO_FACTOR_ENABLE_OWN_FIRST).
 */
export async function updateSiteSettings(db: Db, actor: Actor, input: SiteSettingsInput, twoFactorEnabled: TwoFactorEnabled): Promise<AdminSiteSettings> {
  const saved = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${siteSettings} where ${siteSettings.id} = 1 for update`);
    const before = await getAdminSiteSettings(tx);
    // Requiring two-factor sign-in of every admin: the admin who switches it on must have it,
    // or their next admin login would be refused.
    if (input.require_admin_2fa && !before.require_admin_2fa && !(await twoFactorEnabled(tx, actor.id))) {
      throw new AppError('TWO_FACTOR_ENABLE_OWN_FIRST');
    }
    const values = {
      siteAdi: input.site_adi,
      siteAciklama: input.site_aciklama,
      headEtiketleri: input.head_etiketleri,
      siteLogo: input.site_logo,
      siteFavicon: input.site_favicon,
      ...(input.cooldown_saniye !== undefined ? { cooldownSeconds: input.cooldown_saniye } : {}),
      ...(input.twitter_min_profil !== undefined ? { twitterMinProfiles: input.twitter_min_profil } : {}),
      ...(input.require_admin_2fa !== undefined ? { requireAdminTwoFactor: input.require_admin_2fa } : {}),
      ...(input.karantina_hata_sayisi !== undefined ? { quarantineAfterFailures: input.karantina_hata_sayisi } : {}),
      ...(input.takilma_dakika !== undefined ? { stuckAfterMinutes: input.takilma_dakika } : {}),
      ...(input.takilma_azami_dakika !== undefined ? { stuckMaxMinutes: input.takilma_azami_dakika } : {}),
      ...(input.profil_saatlik_limit !== undefined ? { profileHourlyCap: input.profil_saatlik_limit } : {}),
      ...(input.yasakli_kelimeler !== undefined ? { blockedWords: { ...before.yasakli_kelimeler, ...input.yasakli_kelimeler } } : {}),
      ...(input.yorum_taslak_dakika !== undefined ? { commentDraftMinutes: input.yorum_taslak_dakika } : {}),
      ...(input.sirket_unvani !== undefined ? { companyLegalName: input.sirket_unvani } : {}),
      ...(input.sirket_adresi !== undefined ? { companyAddress: input.sirket_adresi } : {}),
      ...(input.sirket_sicil_no !== undefined ? { companyRegistrationNumber: input.sirket_sicil_no } : {}),
      ...(input.destek_eposta !== undefined ? { supportEmail: input.destek_eposta } : {}),
      ...(input.verify_after_minutes !== undefined ? { verifyAfterMinutes: input.verify_after_minutes } : {}),
      ...(input.watch_poll_seconds !== undefined ? { watchPollSeconds: input.watch_poll_seconds } : {}),
    };
    // One of the two stuck-order limits alone must still leave the maximum at or above the deadline.
    const stuckAfter = input.takilma_dakika ?? before.takilma_dakika;
    const stuckMax = input.takilma_azami_dakika ?? before.takilma_azami_dakika;
    if (stuckMax < stuckAfter) throw new AppError('STUCK_LIMITS_INVALID');
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: sql`now()` } });
    const after = await getAdminSiteSettings(tx);
    await recordAudit(tx, actor, { action: 'settings.update', entity: 'site_settings', entityId: 1, before, after });
    return after;
  });
  publicContentChanged();
  return saved;
}
