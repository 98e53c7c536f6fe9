import { z } from 'zod';
import { text } from '@/lib/validation';

/**
 * PUT /platformlar/{platform} {aktif, api_endpoints}: either or both (the state switch and the
 * endpoint form save separately). Keys are checked against the platform's §3 keys in lib;
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
  })
  .refine((v) => v.aktif !== undefined || v.api_endpoints !== undefined, { message: 'PlatformValidation.nothingToSave' });
export type UpdatePlatformInput = z.output<typeof updatePlatformSchema>;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/[\u0000-\u001f\s]/.test(value);
  } catch {
    return false;
  }
}
