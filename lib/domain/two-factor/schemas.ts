import { z } from 'zod';
import { requiredPassword } from '@/lib/infra/validation';

/**
 * The zod schemas of the two-factor calls, shared by the route handlers and the forms (no
 * `server-only`: the browser imports this file). Messages are message keys.
 */

/** A TOTP code (6 digits, spaces allowed) or a recovery code (XXXX-XXXX-XXXX-XXXX). */
export const twoFactorCodeField = z
  .string({ error: 'Validation.two_factor_code_required' })
  .trim()
  .min(1, 'Validation.two_factor_code_required')
  .max(40, 'Validation.two_factor_code_invalid')
  .regex(/^[0-9A-Za-z\s-]+$/, 'Validation.two_factor_code_invalid');

/** POST /api/auth/login/2fa {challenge, code}. */
export const twoFactorLoginSchema = z.object({
  challenge: z
    .string({ error: 'Validation.two_factor_challenge_invalid' })
    .min(1, 'Validation.two_factor_challenge_invalid')
    .max(100, 'Validation.two_factor_challenge_invalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'Validation.two_factor_challenge_invalid'),
  code: twoFactorCodeField,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** POST /api/auth/2fa/enable {code, currentPassword} and /disable {currentPassword, code}. */
export const twoFactorConfirmSchema = z.object({
  code: twoFactorCodeField,
  currentPassword: requiredPassword('Validation.two_factor_password_required'),
});
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmSchema>;

/** The second step of the login forms: the code alone (the challenge is kept by the form). */
export const twoFactorCodeFormSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeFormInput = z.infer<typeof twoFactorCodeFormSchema>;
