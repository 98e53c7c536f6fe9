import { z } from 'zod';
import { isPaidByFollowers, MAX_PROFILES_PER_SEND, PLATFORMS, SERVICES, type Service } from '@/lib/domain/catalogue/services';
import { int, text } from '@/lib/infra/validation';

/** Services that may take a price per action: every one but the new tweet, which is priced per follower tier (§9). */
export const PER_ACTION_SERVICES: readonly Service[] = PLATFORMS.flatMap((p) => SERVICES[p]).filter((s) => !isPaidByFollowers(s));

/** The highest price per action an admin may set: $1,000.00. */
export const MAX_ACTION_PRICE_CENTS = 100_000;
/** The default cap of one pay-per-action order of a customer without a package. */
export const DEFAULT_PAY_PER_ACTION_MAX_PROFILES = 100;

const DECIMAL = /^\d{1,4}(?:\.\d{1,2})?$/;

/**
 * One service's row of the admin's pay-per-action form (issue #33 item 7): `price` is USD text
 * ("0.25"; blank removes the price and switches it off), `enabled` the switch, `max_profiles` the
 * cap of one order by a customer without a package. Browser-safe (the form checks with it too).
 */
export const actionPriceInputSchema = z
  .object({
    price: text({ max: 12, message: 'PlatformValidation.actionPrice' }).refine((v) => v === '' || (DECIMAL.test(v) && Number(v) >= 0.01 && Number(v) * 100 <= MAX_ACTION_PRICE_CENTS), {
      message: 'PlatformValidation.actionPrice',
    }),
    enabled: z.boolean({ error: 'PlatformValidation.actionPrice' }),
    max_profiles: int({ min: 1, max: MAX_PROFILES_PER_SEND, message: 'PlatformValidation.actionMaxProfiles' }).default(DEFAULT_PAY_PER_ACTION_MAX_PROFILES),
  })
  .refine((v) => !v.enabled || v.price !== '', { message: 'PlatformValidation.actionPriceRequired', path: ['price'] });
export type ActionPriceInput = z.output<typeof actionPriceInputSchema>;
