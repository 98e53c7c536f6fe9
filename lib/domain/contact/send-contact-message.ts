import 'server-only';
import type { Db } from '@/db/client';
import { contactMessages } from '@/db/schema';
import { env } from '@/env';
import { AppError } from '@/lib/infra/errors';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import { queueMail } from '@/lib/infra/mail';
import { hitRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import { getSiteSettings } from '@/lib/domain/settings';
import { CONTACT_COOLDOWN_SECONDS, type ContactInput } from './schemas';

export type SendContactInput = ContactInput & { ip: string; locale: Locale };

function cooldown(seconds: number): AppError {
  return new AppError('CONTACT_COOLDOWN', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
}

/**
 * Stores a contact message and mails it to the admin address (§2 help drawer, §4 contact form).
 * The 60-second cooldown is kept in the database per e-mail address and per IP, so it holds across
 * server processes; a refused attempt does not restart the other key's window.
 */
export async function sendContactMessage(db: Db, input: SendContactInput): Promise<{ id: number }> {
  const emailKey = `contact:email:${input.email.toLowerCase()}`;
  const ipKey = `contact:ip:${input.ip}`;
  const byEmail = await hitRateLimit(db, { key: emailKey, limit: 1, windowSeconds: CONTACT_COOLDOWN_SECONDS });
  if (!byEmail.allowed) throw cooldown(byEmail.retryAfterSeconds);
  const byIp = await hitRateLimit(db, { key: ipKey, limit: 1, windowSeconds: CONTACT_COOLDOWN_SECONDS });
  if (!byIp.allowed) {
    await refundRateLimit(db, emailKey);
    throw cooldown(byIp.retryAfterSeconds);
  }

  const siteName = (await getSiteSettings(db)).site_adi;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip: input.ip, locale: input.locale })
      .returning({ id: contactMessages.id });
    // The admin reads these in Turkish, the product's default language.
    const subject = input.subject ? (translate('tr', `Contact.subjects.${input.subject}`) ?? input.subject) : '-';
    // The writer's language by its name ("Deutsch"), not its code.
    const language = translate('tr', `Footer.languages.${input.locale}`) ?? input.locale;
    const vars = { site: siteName, name: input.name, email: input.email, subject, locale: language, message: input.message };
    await queueMail(tx, {
      to: env.ADMIN_EMAIL,
      subject: translate('tr', 'Contact.mailSubject', vars) ?? `Contact: ${subject}`,
      text: translate('tr', 'Contact.mailBody', vars) ?? input.message,
    });
    return { id: row!.id };
  });
}
