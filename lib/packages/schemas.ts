import { z } from 'zod';

const FIELDS = 'PackageValidation.allFields';
/** Upper bound of a price in dollars: keeps cents inside a 32-bit integer column with room to spare. */
export const MAX_PRICE_DOLLARS = 1_000_000;

const price = z.coerce
  .number({ message: FIELDS })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= MAX_PRICE_DOLLARS, { message: FIELDS });
const count = z.coerce.number({ message: FIELDS }).int({ message: FIELDS }).positive({ message: FIELDS }).max(1_000_000, { message: FIELDS });

/**
 * POST/PUT /paketler (§5 package form): name required; the three prices, the daily limit and the
 * profile count each above 0, else 'Lütfen tüm alanları doğru şekilde doldurun!'. Prices in dollars.
 */
export const packageSchema = z.object({
  ad: z
    .string({ message: FIELDS })
    .trim()
    .min(1, { message: FIELDS })
    .max(120, { message: FIELDS })
    .refine((s) => !s.includes('\u0000'), { message: FIELDS }),
  platform_fiyatlari: z.object(
    { instagram: price, twitter: price, youtube: price },
    { message: FIELDS },
  ),
  gunluk_limit: count,
  profil_limit: count,
});
export type PackageInput = z.output<typeof packageSchema>;
