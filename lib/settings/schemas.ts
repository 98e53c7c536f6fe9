import { z } from 'zod';

/** PostgreSQL text cannot hold NUL; such input is refused rather than failing in the database. */
const noNul = (s: string) => !s.includes('\u0000');

const asset = z
  .string()
  .trim()
  .max(2000, { message: 'SettingsValidation.assetUrl' })
  .refine((v) => noNul(v) && (v === '' || /^\/[^\s]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v)), { message: 'SettingsValidation.assetUrl' })
  .default('');

/** PUT /site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon} plus the two send rules and the admin two-factor rule. */
export const siteSettingsSchema = z.object({
  site_adi: z.string({ message: 'SettingsValidation.siteNameRequired' }).trim().min(1, { message: 'SettingsValidation.siteNameRequired' }).max(120, { message: 'SettingsValidation.siteNameRequired' }).refine(noNul, { message: 'SettingsValidation.siteNameRequired' }),
  site_aciklama: z.string().trim().max(500, { message: 'SettingsValidation.descriptionTooLong' }).refine(noNul, { message: 'SettingsValidation.descriptionTooLong' }).default(''),
  /** Raw HTML injected in <head> (§3); only admins write it. */
  head_etiketleri: z.string().max(20000, { message: 'SettingsValidation.headTooLong' }).refine(noNul, { message: 'SettingsValidation.headTooLong' }).default(''),
  site_logo: asset,
  site_favicon: asset,
  /** Seconds between two sends of the same service (§6 "a cooldown"). */
  cooldown_saniye: z.coerce.number({ message: 'SettingsValidation.cooldown' }).int({ message: 'SettingsValidation.cooldown' }).min(0, { message: 'SettingsValidation.cooldown' }).max(86400, { message: 'SettingsValidation.cooldown' }).optional(),
  /** Minimum profiles per Twitter send (§5 states 1 and 5). */
  twitter_min_profil: z.coerce.number({ message: 'SettingsValidation.minProfiles' }).int({ message: 'SettingsValidation.minProfiles' }).min(1, { message: 'SettingsValidation.minProfiles' }).max(100, { message: 'SettingsValidation.minProfiles' }).optional(),
  /** Every admin must use two-factor sign-in at /admin-login (docs/accounts.md "Two-factor sign-in"). */
  require_admin_2fa: z.boolean({ message: 'SettingsValidation.requireAdmin2fa' }).optional(),
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
