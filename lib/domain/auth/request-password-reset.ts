import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { publicUrl } from '@/env';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { queueMail } from '@/lib/infra/mail';
import { enqueuePasswordReset, workPasswordResets } from '@/lib/infra/queue';
import { enforceRateLimits } from '@/lib/infra/rate-limit';
import { authRule } from './rate-limit-rules';
import { hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from './reset-tokens';

/** The reset page of a locale: Turkish lives at the root (localePrefix 'as-needed'). */
export function resetLink(locale: Locale, token: string): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  return `${publicUrl()}${prefix}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * POST /api/auth/forgot-password. The request path does the same work whether or not the account
 * exists (issue 14: no telling accounts apart by the answer or its timing): it counts the rate
 * limits (per IP and per address, either way; the only thing that can refuse) and enqueues a job;
 * it never looks the account up. sendPasswordReset does the rest on a worker node.
 */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string; locale: Locale }): Promise<void> {
  await enforceRateLimits(db, [authRule('forgotIp', input.ip), authRule('forgotAccount', input.email)]);
  await enqueuePasswordReset({ email: input.email, locale: input.locale });
}

/** Runs this node's password-reset jobs (server/background.ts, on worker nodes). */
export async function startPasswordResetWorker(db: Db, options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await workPasswordResets((job) => sendPasswordReset(db, { email: job.email, locale: isLocale(job.locale) ? job.locale : defaultLocale }), options);
}

/**
 * The job of a reset request: for an active account, a new single-use token (earlier unused ones
 * are superseded) and a mail with the link in the language of the request; nothing otherwise.
 */
export async function sendPasswordReset(db: Db, input: { email: string; locale: Locale }): Promise<void> {
  const [user] = await db
    .select({ id: users.id, adSoyad: users.adSoyad, email: users.email, aktif: users.aktif })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)))
    .limit(1);
  if (!user || !user.aktif) return;

  const token = newResetToken();
  const link = resetLink(input.locale, token);
  const params = { name: user.adSoyad, link, minutes: RESET_TOKEN_TTL_MS / 60_000 };
  const t = (key: string) => translate(input.locale, `Mail.passwordReset.${key}`, params) ?? '';
  // Token and mail commit together: a retried job never leaves a link that was not mailed.
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await queueMail(tx, {
      to: user.email,
      subject: t('subject'),
      text: t('text'),
      html: `<p>${escapeHtml(t('greeting'))}</p><p>${escapeHtml(t('intro'))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p><p>${escapeHtml(t('ignore'))}</p>`,
    });
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
