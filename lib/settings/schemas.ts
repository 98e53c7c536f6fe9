import { z } from 'zod';
import { int, text } from '@/lib/validation';

const asset = text({ max: 2000, message: 'SettingsValidation.assetUrl' })
  .refine((v) => v === '' || /^\/[^\s]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { message: 'SettingsValidation.assetUrl' })
  .default('');

/** PUT /site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon} plus the two send rules. */
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
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
