import { text } from './fields';
import { PROFESSIONS } from './professions';

/**
 * The fields of an account (§3 User, §5), browser-safe: the sign-in and registration schemas
 * (lib/domain/auth), the settings form (lib/domain/users), the admin's user dialog (lib/domain/admin-users) and the
 * two-factor forms build on them. Messages are message keys (§5 names).
 */

/** §3 profession options; the stored value is the Turkish text, the forms show a translated label. */
export { PROFESSIONS };
export type Profession = (typeof PROFESSIONS)[number];

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 200;
export const MAX_EMAIL = 254;
export const MAX_NAME = 120;
export const MAX_PHONE = 32;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A required text field: missing, a wrong type, or blank all give the same message key. */
export const requiredText = (key: string, max: number) => text({ max, message: key, tooLong: 'Validation.too_long' }).min(1, key);

/** A required e-mail, compared lower-cased everywhere. */
export const emailField = (requiredKey: string) =>
  requiredText(requiredKey, MAX_EMAIL)
    .regex(EMAIL, 'Validation.email_invalid')
    .transform((v) => v.toLowerCase());

/** A password is never trimmed: spaces are characters too. */
export const requiredPassword = (key: string) => text({ max: MAX_PASSWORD, message: key, tooLong: 'Validation.too_long', trim: false }).min(1, key);

export const newPasswordField = (requiredKey: string) => requiredPassword(requiredKey).min(MIN_PASSWORD, 'Validation.password_min_length');

export const professionField = (requiredKey: string) =>
  text({ max: 60, message: requiredKey, trim: false }).refine((v): v is Profession => (PROFESSIONS as readonly string[]).includes(v), {
    message: requiredKey,
  });
