import { getDb } from '@/db/client';
import { contactSchema, sendContactMessage } from '@/lib/contact';
import { clientIp } from '@/lib/rate-limit';
import { translate } from '@/lib/i18n/translate';
import { handle, ok, parseBody, requestLocale } from '../_lib/handler';

/** POST /api/contact {name, email, subject, message} → {success, mesaj}; 429 CONTACT_COOLDOWN with `seconds` within 60 s. */
export const POST = handle(async (req) => {
  const input = await parseBody(req, contactSchema);
  const db = await getDb();
  const locale = requestLocale(req);
  await sendContactMessage(db, { ...input, ip: clientIp(req), locale });
  return ok({ mesaj: translate(locale, 'Contact.success') });
});
