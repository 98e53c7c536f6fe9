import { z } from 'zod';
import { emailField, MAX_NAME, MAX_PASSWORD, MAX_PHONE, newPasswordField, professionField, requiredText, text } from '@/lib/infra/validation';
import { isValidPhone } from '@/lib/infra/validation/phone';

/**
 * Registration (§5). Browser-safe like schemas.ts. The phone check is asynchronous (it loads
 * libphonenumber's country data on first use, lib/infra/validation/phone.ts): parse with `parseAsync`, as
 * route() and the form's resolver do.
 */

/** An international number (react-phone-number-input sends E.164, e.g. +905321234567). */
export const phoneField = (requiredKey: string) =>
  requiredText(requiredKey, MAX_PHONE).refine(isValidPhone, 'Validation.phone_invalid');

/**
 * Each field names its own problem (issue #32 item 7): the form shows it under that field, and the
 * API answers VALIDATION_FAILED with the first field's text as `mesaj` and every field in `errors`.
 */
export const REGISTER_MESSAGES = {
  name: 'Validation.name_required',
  email: 'Validation.email_required',
  phone: 'Validation.phone_required',
  profession: 'Validation.meslek_invalid',
  password: 'Validation.password_required',
  passwordConfirm: 'Validation.password_confirm_required',
} as const;

/** POST /api/auth/register {ad_soyad, email, telefon, meslek, sifre}. */
export const registerSchema = z.object({
  ad_soyad: requiredText(REGISTER_MESSAGES.name, MAX_NAME),
  email: emailField(REGISTER_MESSAGES.email),
  telefon: phoneField(REGISTER_MESSAGES.phone),
  meslek: professionField(REGISTER_MESSAGES.profession),
  sifre: newPasswordField(REGISTER_MESSAGES.password),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the same fields plus the confirmation and the terms box (§5). */
export const registerFormSchema = registerSchema
  .extend({
    sifre_tekrar: text({ max: MAX_PASSWORD, message: REGISTER_MESSAGES.passwordConfirm, tooLong: 'Validation.too_long', trim: false }).min(1, REGISTER_MESSAGES.passwordConfirm),
    terms: z.boolean().refine((v) => v, 'Validation.accept_terms_required'),
  })
  .refine((v) => v.sifre === v.sifre_tekrar, { message: 'Validation.password_mismatch', path: ['sifre_tekrar'] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
