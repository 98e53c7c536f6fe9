import { contactSchema, sendContactMessage } from '@/lib/domain/contact';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/contact {name, email, subject, message} → {success, mesaj}; 429 CONTACT_COOLDOWN with `seconds` within 60 s. */
export const POST = route({ auth: 'public', body: contactSchema }, async ({ db, input, ip, locale }) => {
  await sendContactMessage(db, { ...input, ip, locale });
  return ok({ mesaj: translate(locale, 'Contact.success') });
});
