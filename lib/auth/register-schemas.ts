import { z } from 'zod';
import { text } from '@/lib/validation';
import { isValidPhone } from './phone';
import { emailField, MAX_NAME, MAX_PASSWORD, MAX_PHONE, newPasswordField, professionField, requiredText } from './schemas';

/**
 * Registration (§5). Browser-safe like schemas.ts. The phone check is asynchronous (it loads
 * libphonenumber's country data on first use, lib/auth/phone.ts): parse with `parseAsync`, as
 * route() and the form's resolver do.
 */

/** An international number (react-phone-number-input sends E.164, e.g. +905321234567). */
export const phoneField = (requiredKey: string) =>
  requiredText(requiredKey, MAX_PHONE).refine(isValidPhone, 'Validation.phone_invalid');

const ALL = 'Validation.all_fields_required';

/** POST /api/auth/register {ad_soyad, email, telefon, meslek, sifre}. */
export const registerSchema = z.object({
  ad_soyad: requiredText(ALL, MAX_NAME),
  email: emailField(ALL),
  telefon: phoneField(ALL),
  meslek: professionField(ALL),
  sifre: newPasswordField(ALL),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the same fields plus the confirmation and the terms box (§5). */
export const registerFormSchema = registerSchema
  .extend({
    sifre_tekrar: text({ max: MAX_PASSWORD, message: ALL, trim: false }).min(1, ALL),
    terms: z.boolean().refine((v) => v, 'Validation.accept_terms_required'),
  })
  .refine((v) => v.sifre === v.sifre_tekrar, { message: 'Validation.password_mismatch', path: ['sifre_tekrar'] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

