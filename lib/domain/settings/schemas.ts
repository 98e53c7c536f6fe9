import { z } from 'zod';
import { int, text } from '@/lib/infra/validation';

const asset = text({ max: 2000, message: 'SettingsValidation.assetUrl' })
  .refine((v) => v === '' || /^\/[^\s]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { message: 'SettingsValidation.assetUrl' })
  .default('');

/**
 * An address a mailto: link can carry as it is: one @, a dotted domain, and none of the characters
 * that would end the address or start a query or fragment in the link (?, #, &, /, quotes, brackets).
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"?#&/]+@[^\s@<>()[\]\\,;:"?#&/.]+(\.[^\s@<>()[\]\\,;:"?#&/.]+)+$/;

/** Limits of the company details (issue #32 "Who we are"), shared by the schema and the form's inputs. */
export const COMPANY_LIMITS = { legalName: 200, address: 500, registrationNumber: 120, supportEmail: 254 } as const;

/**
 * Issue #36 item 6: blocked words and phrases of approved comments, per language (`tr`, `en`, `de`,
 * `*` for every language): an array, or text with one word or phrase per line (the settings form).
 * Each at most 100 characters with a letter or digit, at most 500 per language; blank lines and
 * repeats (ignoring case) are dropped.
 */
export const BLOCKED_WORD_MAX = 100;
export const BLOCKED_WORDS_PER_LANGUAGE = 500;
const blockedList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split('\n') : v),
  z
    .array(text({ max: BLOCKED_WORD_MAX, message: 'SettingsValidation.blockedWords' }), { message: 'SettingsValidation.blockedWords' })
    .transform((words) => {
      const seen = new Set<string>();
      return words.map((w) => w.replace(/\s+/g, ' ')).filter((w) => w !== '' && !seen.has(w.toLowerCase()) && !!seen.add(w.toLowerCase()));
    })
    .refine((words) => words.length <= BLOCKED_WORDS_PER_LANGUAGE && words.every((w) => /[\p{L}\p{N}]/u.test(w)), { message: 'SettingsValidation.blockedWords' }),
);
export const blockedWordsSchema = z.object({ tr: blockedList.optional(), en: blockedList.optional(), de: blockedList.optional(), '*': blockedList.optional() }).strict();

/** PUT /site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon} plus the two send rules, the admin two-factor rule and the company details. */
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
  /** Issue #36 item 6: blocked words of approved comments per language; left out: kept; a language left out: kept. */
  yasakli_kelimeler: blockedWordsSchema
    .optional()
    .describe('Blocked words and phrases of approved comments: `{tr, en, de, "*"}`, each an array (or text, one per line) of at most 500 entries of at most 100 characters; `"*"` applies to every language. A language left out is kept.'),
  /** Issue #37: seconds between two polls of one watch (default 120, at least 5). */
  watch_poll_seconds: int({ min: 5, max: 86_400, message: 'SettingsValidation.watchPollSeconds' })
    .optional()
    .describe('Seconds between two polls of one watched account for new posts (issue #37, docs/watch.md): 5–86400, default 120; left out: kept.'),
  /** Issue #36 item 6: minutes a comment draft can be approved (default 30). */
  yorum_taslak_dakika: int({ min: 1, max: 1440, message: 'SettingsValidation.draftMinutes' }).optional(),
  // The company details (footer, /imprint, the policies' contact sentence). Each is optional:
  // left out it is kept as saved, so a client written before them does not erase them; '' clears one.
  // The address keeps its line breaks (CRLF from a textarea becomes LF).
  sirket_unvani: text({ max: COMPANY_LIMITS.legalName, message: 'SettingsValidation.legalNameTooLong' })
    .optional()
    .describe('The company\'s legal name, shown in the footer and on /imprint; left out: kept, `""`: cleared.'),
  sirket_adresi: text({ max: COMPANY_LIMITS.address, message: 'SettingsValidation.addressTooLong' })
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .optional()
    .describe('The postal address, lines separated by `\\n`; left out: kept, `""`: cleared.'),
  sirket_sicil_no: text({ max: COMPANY_LIMITS.registrationNumber, message: 'SettingsValidation.registrationTooLong' })
    .optional()
    .describe('Trade-register and/or VAT number, free text; left out: kept, `""`: cleared.'),
  /**
   * Issue #38 item 1: minutes after an order ends at which each action is checked again (0 allowed;
   * empty turns re-verification off). A list of whole numbers, or one text of them separated by commas
   * or spaces (the form's field); kept sorted without repeats.
   */
  verify_after_minutes: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
      z.array(int({ min: 0, max: 525_600, message: 'SettingsValidation.verifyAfter' })).max(10, { message: 'SettingsValidation.verifyAfter' }),
    )
    .transform((list) => [...new Set(list)].sort((a, b) => a - b))
    .optional()
    .describe('Minutes after an order ended at which each successful action is checked again through the provider (issue #38); `[]` turns it off; left out: kept. Default `[1440, 10080, 43200]`.'),
  destek_eposta: text({ max: COMPANY_LIMITS.supportEmail, message: 'SettingsValidation.supportEmailInvalid' })
    .refine((v) => v === '' || EMAIL.test(v), { message: 'SettingsValidation.supportEmailInvalid' })
    .optional()
    .describe('The support e-mail address the footer, /imprint and the policies name; left out: kept, `""`: cleared.'),
}).refine((v) => v.takilma_dakika === undefined || v.takilma_azami_dakika === undefined || v.takilma_azami_dakika >= v.takilma_dakika, {
  message: 'SettingsValidation.stuckMax',
  path: ['takilma_azami_dakika'],
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
