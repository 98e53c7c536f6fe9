import { z } from 'zod';
import { text } from '@/lib/infra/validation';
import { endpointUrlProblem } from '@/lib/domain/provider/address-policy';
import { actionPriceInputSchema } from '@/lib/domain/pricing/action-price-schema';

/**
 * PUT /platformlar/{platform} {aktif, api_endpoints, action_prices}: any of them (the state switch,
 * the endpoint form and the pay-per-action form save separately; issue #33 item 7). Keys are checked against the platform's §3 keys in lib;
 * a blank URL clears that key.
 */
export const updatePlatformSchema = z
  .object({
    aktif: z.boolean().optional(),
    api_endpoints: z
      .record(
        text({ max: 40 }),
        text({ max: 2000, message: 'PlatformValidation.endpointUrl' }).refine((v) => v === '' || isHttpUrl(v), { message: 'PlatformValidation.endpointUrl' }),
      )
      .optional(),
    /** Issue #33 item 7: service key → price per action (USD text), switch and profile cap. */
    action_prices: z.record(text({ max: 40 }), actionPriceInputSchema).optional(),
  })
  .refine((v) => v.aktif !== undefined || v.api_endpoints !== undefined || v.action_prices !== undefined, { message: 'PlatformValidation.nothingToSave' });
export type UpdatePlatformInput = z.output<typeof updatePlatformSchema>;

/**
 * The address rule for endpoint URLs (lib/domain/provider/address-policy.ts), checked when they are
 * saved: no link-local or metadata address, and no loopback or private one unless
 * PROVIDER_ALLOW_PRIVATE=1 (the built-in simulator excepted). Host names are checked again after
 * DNS resolution at call time.
 */
export function endpointAddressSchema(options: { allowPrivate: boolean }) {
  return z.record(
    text({ max: 40 }),
    text({ max: 2000 }).refine((v) => v === '' || endpointUrlProblem(v, options) === undefined, { message: 'PlatformValidation.endpointPrivate' }),
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/[\u0000-\u001f\s]/.test(value);
  } catch {
    return false;
  }
}
