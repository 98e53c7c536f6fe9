import { z } from 'zod';
import { emailField, MAX_EMAIL, MAX_PASSWORD, newPasswordField, requiredPassword, requiredText, text } from '@/lib/infra/validation';

/**
 * The zod schemas of the §7 auth calls, shared by the route handlers and the forms (no
 * `server-only` here: the browser imports this file). Messages are message keys (§5 names),
 * translated by fail() on the server and by the forms in the browser. Registration, with its phone
 * number check, is in register-schemas.ts, so the login page does not load the phone data. The
 * account fields they are made of (e-mail, password, name…) are lib/infra/validation/account-fields.ts.
 */

/**
 * A two-factor code given with the password (optional): only a locked account reads it
 * (lib/domain/auth/login-lock.ts). Same shape as the second step's code (lib/domain/two-factor/schemas.ts);
 * empty means none.
 */
export const lockedLoginCodeField = z
  .string({ error: 'Validation.two_factor_code_invalid' })
  .trim()
  .max(40, 'Validation.two_factor_code_invalid')
  .regex(/^[0-9A-Za-z\s-]*$/, 'Validation.two_factor_code_invalid')
  .transform((v) => v || undefined)
  .optional();

/** POST /api/auth/login {email, password, code?} (§5: email_password_required). */
export const loginSchema = z.object({
  email: requiredText('Validation.email_password_required', MAX_EMAIL).transform((v) => v.toLowerCase()),
  password: requiredPassword('Validation.email_password_required'),
  code: lockedLoginCodeField,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/admin-login {email, sifre, code?} (§5: 'E-posta ve şifre zorunludur.'). */
export const adminLoginSchema = z.object({
  email: requiredText('Validation.admin_email_password_required', MAX_EMAIL).transform((v) => v.toLowerCase()),
  sifre: requiredPassword('Validation.admin_email_password_required'),
  code: lockedLoginCodeField,
});

/** POST /api/auth/login/unlock {token}: the one-time sign-in link of a locked account. */
export const unlockLinkSchema = z.object({ token: text({ max: 100, message: 'Validation.unlock_link_invalid' }).min(1, 'Validation.unlock_link_invalid') });
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** POST /api/auth/forgot-password {email} (§5: email_required). */
export const forgotPasswordSchema = z.object({ email: emailField('Validation.email_required') });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Reset tokens are 43 base64url characters; anything else is refused before a lookup. */
export const resetTokenField = text({ max: 200, message: 'Validation.invalid_token' }).min(1, 'Validation.invalid_token');

/** POST /api/auth/reset-password {token, newPassword} (§5: invalid_token, new_password_required, password_min_length). */
export const resetPasswordSchema = z.object({
  token: resetTokenField,
  newPassword: newPasswordField('Validation.new_password_required'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: the same plus the confirmation (passwords_not_match). */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: text({ max: MAX_PASSWORD, trim: false }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Validation.passwords_not_match', path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
