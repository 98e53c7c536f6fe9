import { z } from 'zod';
import { text } from '@/lib/infra/validation';

/** POST /contact {name, email, subject, message} (§3 Contact message; subject purchase | support | other, empty by default). */
export const contactSchema = z.object({
  name: text({ max: 200, message: 'Validation.contact_name_required', tooLong: 'Validation.contact_too_long' }).min(1, 'Validation.contact_name_required'),
  email: text({ max: 320, message: 'Validation.contact_email_invalid', tooLong: 'Validation.contact_too_long' }).pipe(z.email('Validation.contact_email_invalid')),
  subject: z.enum(['', 'purchase', 'support', 'other'], 'Validation.contact_subject_invalid').default(''),
  message: text({ max: 5000, message: 'Validation.contact_message_required', tooLong: 'Validation.contact_too_long' }).min(1, 'Validation.contact_message_required'),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** §9: one contact message per minute, per e-mail address and per IP. */
export const CONTACT_COOLDOWN_SECONDS = 60;
