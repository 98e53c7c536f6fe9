import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { emailField, MAX_NAME, MAX_PASSWORD, MAX_PHONE, MIN_PASSWORD, PROFESSIONS, requiredText } from '@/lib/auth/schemas';

/**
 * PUT /api/users/profile/me {ad_soyad, email, telefon, meslek, currentPassword?, newPassword?},
 * shared with the settings form (no `server-only`). Name and e-mail are required; phone and
 * profession may stay empty (accounts made by an admin can lack them) but must be valid when
 * given. A blank new password means no change; a new one needs the current one (§5 Settings).
 * A changed e-mail needs it too, which only the server can tell (lib/users/update-profile.ts).
 */
export const profileSchema = z
  .object({
    ad_soyad: requiredText('Validation.profile_fields_required', MAX_NAME),
    email: emailField('Validation.profile_fields_required'),
    telefon: z
      .string({ error: 'Validation.phone_invalid' })
      .trim()
      .max(MAX_PHONE, 'Validation.too_long')
      .refine((v) => v === '' || isValidPhoneNumber(v), 'Validation.phone_invalid')
      .default(''),
    meslek: z
      .string({ error: 'Validation.meslek_invalid' })
      .refine((v) => v === '' || (PROFESSIONS as readonly string[]).includes(v), 'Validation.meslek_invalid')
      .default(''),
    currentPassword: z.string({ error: 'Validation.current_password_required' }).max(MAX_PASSWORD, 'Validation.too_long').default(''),
    newPassword: z.string({ error: 'Validation.password_min_length' }).max(MAX_PASSWORD, 'Validation.too_long').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === '') return;
    if (v.newPassword.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'Validation.password_min_length', path: ['newPassword'] });
    if (v.currentPassword === '') ctx.addIssue({ code: 'custom', message: 'Validation.current_password_required', path: ['currentPassword'] });
  });
export type ProfileInput = z.output<typeof profileSchema>;

/** The settings form: the same plus the confirmation of a new password (passwords_not_match). */
export const profileFormSchema = profileSchema
  .and(z.object({ newPasswordConfirm: z.string().default('') }))
  .refine((v) => v.newPassword === v.newPasswordConfirm, { message: 'Validation.passwords_not_match', path: ['newPasswordConfirm'] });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
