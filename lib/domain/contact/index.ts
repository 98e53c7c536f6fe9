import 'server-only';
export { sendContactMessage, type SendContactInput } from './send-contact-message';
export { contactSchema, CONTACT_COOLDOWN_SECONDS, type ContactInput } from './schemas';
