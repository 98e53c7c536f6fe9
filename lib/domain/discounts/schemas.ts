import { z } from 'zod';
import { id, int, text } from '@/lib/infra/validation';

const REQUIRED = 'DiscountValidation.required';
const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `paket_id` arrives as a list, a JSON string of a list (§3), a single id or a comma-joined string. */
function packageIds(v: unknown): unknown {
  if (typeof v === 'number') return [v];
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s) return [];
  try {
    const parsed: unknown = JSON.parse(s);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return s.split(',').map((x) => x.trim());
  }
}

/** A parseable date between the years 2000 and 2999 (beyond that it is a typing mistake). */
function isReasonableDate(s: string): boolean {
  const d = new Date(s);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2999;
}

export const discountFields = {
  kod: text({ max: 200, message: REQUIRED })
    .transform((s) => s.toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { message: REQUIRED })
        .max(40, { message: 'DiscountValidation.codeFormat' })
        .regex(/^[\p{L}\p{N}_-]+$/u, { message: 'DiscountValidation.codeFormat' }),
    ),
  paket_id: z.preprocess(
    packageIds,
    z
      .array(id('DiscountValidation.packageRequired'), { message: 'DiscountValidation.packageRequired' })
      .min(1, { message: 'DiscountValidation.packageRequired' })
      .max(1000, { message: 'DiscountValidation.packageRequired' })
      .transform((ids) => [...new Set(ids)]),
  ),
  indirim_yuzdesi: z.preprocess(empty, int({ min: 1, max: 100, message: 'DiscountValidation.percentRange', required: REQUIRED })),
  maksimum_kullanim: z.preprocess(empty, int({ min: 1, max: 1_000_000, message: 'DiscountValidation.maxUsageMin', required: REQUIRED })),
  /** A day (YYYY-MM-DD: valid through that day in APP_TIMEZONE) or a full ISO timestamp. */
  bitis_tarihi: text({ max: 40, message: REQUIRED })
    .min(1, { message: REQUIRED })
    .refine(isReasonableDate, { message: 'DiscountValidation.dateInvalid' }),
  aktif: z.boolean().default(true),
};

/** POST /indirim-kodlari (§5 discount form). */
export const discountSchema = z.object(discountFields);
export type DiscountInput = z.output<typeof discountSchema>;

/** PUT /indirim-kodlari/{id}: the full code with a changed `aktif`, or the form body; left-out fields keep their value. */
export const discountUpdateSchema = z.object({
  kod: discountFields.kod.optional(),
  paket_id: discountFields.paket_id.optional(),
  indirim_yuzdesi: discountFields.indirim_yuzdesi.optional(),
  maksimum_kullanim: discountFields.maksimum_kullanim.optional(),
  bitis_tarihi: discountFields.bitis_tarihi.optional(),
  aktif: z.boolean().optional(),
});
export type DiscountUpdateInput = z.output<typeof discountUpdateSchema>;

/** POST /indirim-kodlari/validate {kod, paketId} (§5 customer discount: trimmed, upper-cased, not empty). */
export const validateDiscountSchema = z.object({
  kod: text({ max: 40, message: 'DiscountValidation.codeRequired' })
    .min(1, { message: 'DiscountValidation.codeRequired' })
    .transform((s) => s.toUpperCase()),
  paketId: id('DiscountValidation.packageRequired'),
});
