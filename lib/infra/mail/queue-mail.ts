import 'server-only';
import type { Db } from '@/db/client';
import { mailOutbox } from '@/db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

type Global = typeof globalThis & { __etkMailKick?: () => void };
const g = globalThis as Global;

/**
 * Puts a mail in the outbox (mail_outbox) and asks this process's delivery loop to send it soon.
 * Inside a transaction the row becomes visible at commit; the nudge is delayed a little and the
 * periodic delivery picks up anything it missed, so callers need not care.
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<{ id: number }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
    .returning({ id: mailOutbox.id });
  g.__etkMailKick?.();
  return { id: row!.id };
}

/**
 * Registered by the delivery loop (server/background.ts). Kept on globalThis because server.ts
 * and the route handlers Next.js bundles load separate copies of this module.
 */
export function setMailKick(kick: (() => void) | undefined): void {
  g.__etkMailKick = kick;
}
