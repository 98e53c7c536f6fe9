import { z } from 'zod';
import { int, text } from '@/lib/validation';

const asset = text({ max: 2000, message: 'SettingsValidation.assetUrl' })
  .refine((v) => v === '' || /^\/[^\s]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { message: 'SettingsValidation.assetUrl' })
  .default('');

/** PUT /site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon} plus the two send rules and the admin two-factor rule. */
export const siteSettingsSchema = z.object({
  site_adi: text({ max: 120, message: 'SettingsValidation.siteNameRequired' }).min(1, { message: 'SettingsValidation.siteNameRequired' }),
  site_aciklama: text({ max: 500, message: 'SettingsValidation.descriptionTooLong' }).default(''),
  /** Raw HTML injected in <head> (§3); only admins write it. */
  head_etiketleri: text({ max: 20000, message: 'SettingsValidation.headTooLong', trim: false }).default(''),
  site_logo: asset,
  site_favicon: asset,
  /** Seconds between two sends of the same service (§6 "a cooldown"). */
  cooldown_saniye: int({ min: 0, max: 86400, message: 'SettingsValidation.cooldown' }).optional(),
  /** Minimum profiles per Twitter send (§5 states 1 and 5). */
  twitter_min_profil: int({ min: 1, max: 100, message: 'SettingsValidation.minProfiles' }).optional(),
  /** Every admin must use two-factor sign-in at /admin-login (docs/accounts.md "Two-factor sign-in"). */
  require_admin_2fa: z.boolean({ message: 'SettingsValidation.requireAdmin2fa' }).optional(),
  /** Per-profile failures in a row after which a profile is quarantined (issue #17, default 5). */
  karantina_hata_sayisi: int({ min: 1, max: 100, message: 'SettingsValidation.quarantineAfter' }).optional(),
  /** Minutes without a status change after which an order is asked again (default 30). */
  takilma_dakika: int({ min: 1, max: 10080, message: 'SettingsValidation.stuckAfter' }).optional(),
  /** Minutes after which an order still unknown ends as failed for its pending profiles (default 120). */
  takilma_azami_dakika: int({ min: 1, max: 10080, message: 'SettingsValidation.stuckMax' }).optional(),
  /** Actions one managed profile may take in any hour; the queue paces sends around it (issue #17). 0: no cap. */
  profil_saatlik_limit: int({ min: 0, max: 1000, message: 'SettingsValidation.hourlyCap' }).optional(),
}).refine((v) => v.takilma_dakika === undefined || v.takilma_azami_dakika === undefined || v.takilma_azami_dakika >= v.takilma_dakika, {
  message: 'SettingsValidation.stuckMax',
  path: ['takilma_azami_dakika'],
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
