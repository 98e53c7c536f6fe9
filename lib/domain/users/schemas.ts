import { z } from 'zod';
import { emailField, MAX_NAME, MAX_PASSWORD, MAX_PHONE, MIN_PASSWORD, PROFESSIONS, requiredText, text } from '@/lib/infra/validation';
import { isValidPhone } from '@/lib/infra/validation/phone';

/**
 * PUT /api/users/profile/me {ad_soyad, email, telefon, meslek, currentPassword?, newPassword?},
 * shared with the settings form (no `server-only`). Name and e-mail are required; phone and
 * profession may stay empty (accounts made by an admin can lack them) but must be valid when
 * given. A blank new password means no change; a new one needs the current one (§5 Settings).
 * A changed e-mail needs it too, which only the server can tell (lib/domain/users/update-profile.ts).
 * The phone check is asynchronous (lib/infra/validation/phone.ts): parse with `parseAsync`.
 */
export const profileSchema = z
  .object({
    ad_soyad: requiredText('Validation.profile_fields_required', MAX_NAME),
    email: emailField('Validation.profile_fields_required'),
    telefon: text({ max: MAX_PHONE, message: 'Validation.phone_invalid', tooLong: 'Validation.too_long' })
      .refine(async (v) => v === '' || (await isValidPhone(v)), 'Validation.phone_invalid')
      .default(''),
    meslek: text({ max: 60, message: 'Validation.meslek_invalid', trim: false })
      .refine((v) => v === '' || (PROFESSIONS as readonly string[]).includes(v), 'Validation.meslek_invalid')
      .default(''),
    currentPassword: text({ max: MAX_PASSWORD, message: 'Validation.current_password_required', tooLong: 'Validation.too_long', trim: false }).default(''),
    newPassword: text({ max: MAX_PASSWORD, message: 'Validation.password_min_length', tooLong: 'Validation.too_long', trim: false }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === '') return;
    if (v.newPassword.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'Validation.password_min_length', path: ['newPassword'] });
    if (v.currentPassword === '') ctx.addIssue({ code: 'custom', message: 'Validation.current_password_required', path: ['currentPassword'] });
  });
export type ProfileInput = z.output<typeof profileSchema>;

/** The settings form: the same plus the confirmation of a new password (passwords_not_match). */
export const profileFormSchema = profileSchema
  .and(z.object({ newPasswordConfirm: text({ max: MAX_PASSWORD, trim: false }).default('') }))
  .refine((v) => v.newPassword === v.newPasswordConfirm, { message: 'Validation.passwords_not_match', path: ['newPasswordConfirm'] });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
