import { z } from 'zod';

/** POST /contact {name, email, subject, message} (§3 Contact message; subject purchase | support | other, empty by default). */
export const contactSchema = z.object({
  name: z.string('Validation.contact_name_required').trim().min(1, 'Validation.contact_name_required').max(200, 'Validation.contact_too_long'),
  email: z
    .string('Validation.contact_email_invalid')
    .trim()
    .max(320, 'Validation.contact_too_long')
    .pipe(z.email('Validation.contact_email_invalid')),
  subject: z.enum(['', 'purchase', 'support', 'other'], 'Validation.contact_subject_invalid').default(''),
  message: z.string('Validation.contact_message_required').trim().min(1, 'Validation.contact_message_required').max(5000, 'Validation.contact_too_long'),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** §9: one contact message per minute, per e-mail address and per IP. */
export const CONTACT_COOLDOWN_SECONDS = 60;
