import { z } from 'zod';
import { int, num, text } from '@/lib/validation';

const FIELDS = 'PackageValidation.allFields';
/** Upper bound of a price in dollars: keeps cents inside a 32-bit integer column with room to spare. */
export const MAX_PRICE_DOLLARS = 1_000_000;

// Numbers or numeric strings (the form sends strings), never booleans: `true` is not a price.
const price = num(FIELDS).refine((v) => v > 0 && v <= MAX_PRICE_DOLLARS, { message: FIELDS });
const count = int({ min: 1, max: 1_000_000, message: FIELDS });

/**
 * POST/PUT /paketler (§5 package form): name required; the three prices, the daily limit and the
 * profile count each above 0, else 'Lütfen tüm alanları doğru şekilde doldurun!'. Prices in dollars.
 */
export const packageSchema = z.object({
  ad: text({ max: 120, message: FIELDS }).min(1, { message: FIELDS }),
  platform_fiyatlari: z.object(
    { instagram: price, twitter: price, youtube: price },
    { message: FIELDS },
  ),
  gunluk_limit: count,
  profil_limit: count,
});
export type PackageInput = z.output<typeof packageSchema>;
