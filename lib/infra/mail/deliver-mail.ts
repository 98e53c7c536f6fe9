import 'server-only';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { env } from '@/env';
import { logger } from '@/logger';

export type DeliveryOptions = {
  /** smtp(s)://… URL; unset marks mails 'logged' and writes them to the server log instead. */
  smtpUrl?: string;
  from?: string;
  /** Rows per run. */
  batch?: number;
  /** After this many failed attempts a mail is marked 'failed' for good. */
  maxAttempts?: number;
  /** Back-off before the n-th retry: base × 2^(n-1), capped at one hour. */
  retryBaseSeconds?: number;
  /** How long a claimed row stays invisible to other processes while it is being sent. */
  leaseSeconds?: number;
};

export type DeliveryResult = { sent: number; logged: number; retried: number; failed: number };

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * Sends due mails of the outbox once. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease
 * (next_attempt_at pushed forward) in one short statement, so several server processes on one
 * PostgreSQL never send the same mail twice, and no transaction is held open during SMTP.
 */
export async function deliverQueuedMail(db: Db, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const smtpUrl = 'smtpUrl' in options ? options.smtpUrl : env.SMTP_URL;
  const from = options.from ?? env.MAIL_FROM;
  const batch = options.batch ?? 20;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBase = options.retryBaseSeconds ?? 60;
  const lease = options.leaseSeconds ?? 300;
  const result: DeliveryResult = { sent: 0, logged: 0, retried: 0, failed: 0 };

  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.id)
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${lease})` })
    .where(inArray(mailOutbox.id, due))
    .returning();

  for (const mail of claimed) {
    if (!smtpUrl) {
      // No SMTP server configured: a fresh install still works, the operator reads the mail in the log.
      logger.info({ mail: { id: mail.id, to: mail.to, subject: mail.subject, body: mail.text } }, 'mail (no SMTP_URL set; not sent)');
      await db.update(mailOutbox).set({ status: 'logged', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, mail.id));
      result.logged++;
      continue;
    }
    try {
      await transportFor(smtpUrl).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, mail.id));
      result.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
      if (mail.attempts >= maxAttempts) {
        await db.update(mailOutbox).set({ status: 'failed', lastError: message }).where(eq(mailOutbox.id, mail.id));
        logger.error({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail delivery failed for good');
        result.failed++;
      } else {
        const wait = Math.min(3600, retryBase * 2 ** (mail.attempts - 1));
        await db
          .update(mailOutbox)
          .set({ lastError: message, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
          .where(eq(mailOutbox.id, mail.id));
        logger.warn({ mailId: mail.id, attempts: mail.attempts, retryInSeconds: wait, err: message }, 'mail delivery failed; will retry');
        result.retried++;
      }
    }
  }
  return result;
}
