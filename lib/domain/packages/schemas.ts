import { z } from 'zod';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { parseDollars } from '@/lib/infra/money';
import { int, num, text } from '@/lib/infra/validation';

const FIELDS = 'PackageValidation.allFields';
/** Upper bound of a price in dollars: keeps cents inside a 32-bit integer column with room to spare. */
export const MAX_PRICE_DOLLARS = 1_000_000;
/** Longest package name, in every language. */
export const PACKAGE_NAME_MAX = 120;

// Numbers or numeric strings (the form sends strings), never booleans: `true` is not a price. At
// least a cent once rounded: a stored 0 reads as "not sold on that platform" (lib/domain/packages package-prices).
const price = num(FIELDS).refine((v) => v > 0 && v <= MAX_PRICE_DOLLARS && (parseDollars(v) ?? 0) >= 1, { message: FIELDS });
const count = int({ min: 1, max: 1_000_000, message: FIELDS });

/**
 * An optional name in another language (issue #32 item 6): left out, the stored one stays (a §7
 * client that knows only `ad` does not wipe it); null, '' or blanks, there is none and readers get
 * the fallback (lib/domain/packages packageName).
 */
const otherName = (language: string) =>
  text({ max: PACKAGE_NAME_MAX, message: FIELDS })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))
    .describe(`The ${language} name, optional. Left out: unchanged (on PUT); null or empty: none, ${language} readers get ${language === 'German' ? 'the English name, else ' : ''}the Turkish one.`);

/**
 * POST/PUT /paketler (§5 package form): name required; a price for every platform of the registry,
 * the daily limit and the profile count each above 0, else 'Lütfen tüm alanları doğru şekilde
 * doldurun!'. Prices in dollars. `ad` is the Turkish name; `ad_en` and `ad_de` the optional English
 * and German ones.
 */
export const packageSchema = z.object({
  ad: text({ max: PACKAGE_NAME_MAX, message: FIELDS }).min(1, { message: FIELDS }).describe('The Turkish name (required): the name of §7, and every reader’s last fallback.'),
  ad_en: otherName('English'),
  ad_de: otherName('German'),
  platform_fiyatlari: z.object(Object.fromEntries(PLATFORMS.map((platform) => [platform, price])) as Record<Platform, typeof price>, { message: FIELDS }),
  gunluk_limit: count,
  profil_limit: count,
});
export type PackageInput = z.output<typeof packageSchema>;
