import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { loginUnlockTokens } from '@/db/schema';
import { publicUrl } from '@/env';
import { AppError } from '@/lib/infra/errors';
import { defaultLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { logger } from '@/logger';
import { queueMail } from '@/lib/infra/mail';
import { clearRateLimit, hitRateLimit } from '@/lib/infra/rate-limit';
import { twoFactorEnabled, unlockWithSecondFactor } from '@/lib/domain/two-factor';
import { authRule } from './rate-limit-rules';
import type { TokenKind } from '@/lib/domain/credentials';

/**
 * The account-wide sign-in lock the owner can lift (issue #33 item 9, docs/accounts.md "Login
 * limits"). Failures from many addresses lock an account for a quarter of an hour. While it is
 * locked, every attempt that the per-address limits admit gets the same answer, 429
 * LOGIN_LOCKED ("paused; if this is your account and the password was right, check your e-mail,
 * or give your two-factor code with the password"), whether the password was right or not. Only
 * when it was right does something happen, out of the attacker's sight: the owner's mailbox gets a
 * one-time sign-in link, or, on an account with two-factor sign-in, a code given with the password
 * signs in at once. Either lifts the account's lock; the guessing addresses keep theirs.
 */

/** A sign-in link works for 15 minutes, once. */
export const UNLOCK_LINK_TTL_MS = 15 * 60 * 1000;

/** The one answer of a locked account (right or wrong password alike). */
export function loginLocked(seconds: number): AppError {
  return new AppError('LOGIN_LOCKED', {
    params: { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) },
    extra: { remainingSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

export function hashUnlockToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The link's page in a locale: Turkish lives at the root (localePrefix 'as-needed'). */
export function unlockLink(locale: Locale, token: string): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  return `${publicUrl()}${prefix}/login/unlock?token=${encodeURIComponent(token)}`;
}

type LockedUser = { id: number; email: string; adSoyad: string; rol: 'user' | 'admin'; aktif: boolean; sessionVersion: number };

/**
 * The right password was given for a locked account. Returns true when a two-factor code given
 * with it was right too (the lock is then lifted and the caller signs the owner in); otherwise the
 * caller answers LOGIN_LOCKED as for a wrong password. Without two-factor sign-in a one-time link
 * is mailed, at most AUTH_LIMITS.unlockMail times an hour per account (past that, silently none).
 * Nothing happens for an account that could not sign in anyway (deactivated, or a customer at
 * the admin login).
 */
export async function rightPasswordWhileLocked(
  db: Db,
  input: { user: LockedUser; kind: TokenKind; code?: string; locale: Locale; accountLockKey: string },
): Promise<boolean> {
  const { user, kind } = input;
  if (!user.aktif || (kind === 'admin' && user.rol !== 'admin')) return false;
  if (await twoFactorEnabled(db, user.id)) {
    // A link must not skip the second factor: this account unlocks with its code only.
    if (!input.code || !(await unlockWithSecondFactor(db, user.id, input.code))) return false;
    await clearRateLimit(db, input.accountLockKey);
    logger.info({ event: 'login.unlocked', method: 'two_factor', kind }, 'a locked sign-in was lifted by its owner');
    return true;
  }
  const mail = await hitRateLimit(db, authRule('unlockMail', String(user.id)));
  if (!mail.allowed) {
    logger.info({ event: 'login.unlock_mail_limited', kind }, 'a locked sign-in asked for more links than are sent');
    return false;
  }
  await sendUnlockLink(db, { user, kind, locale: input.locale });
  logger.info({ event: 'login.unlock_mail', kind }, 'a one-time sign-in link was mailed to a locked account');
  return false;
}

/** A new single-use link (earlier unused ones of the account and kind end) and its mail, in one transaction. */
async function sendUnlockLink(db: Db, input: { user: LockedUser; kind: TokenKind; locale: Locale }): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const link = unlockLink(input.locale, token);
  const params = { name: input.user.adSoyad, link, minutes: UNLOCK_LINK_TTL_MS / 60_000 };
  const t = (key: string) => translate(input.locale, `Mail.loginUnlock.${key}`, params) ?? '';
  await db.transaction(async (tx) => {
    await tx.delete(loginUnlockTokens).where(lt(loginUnlockTokens.expiresAt, sql`now()`));
    await tx
      .update(loginUnlockTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginUnlockTokens.userId, input.user.id), eq(loginUnlockTokens.kind, input.kind), isNull(loginUnlockTokens.usedAt)));
    await tx.insert(loginUnlockTokens).values({
      userId: input.user.id,
      kind: input.kind,
      tokenHash: hashUnlockToken(token),
      sessionVersion: input.user.sessionVersion,
      expiresAt: sql`now() + make_interval(secs => ${UNLOCK_LINK_TTL_MS / 1000})`,
    });
    const paragraphs = [t('greeting'), t('intro'), t('expires'), t('notYou')];
    await queueMail(tx, {
      to: input.user.email,
      subject: t('subject'),
      text: [paragraphs[0], paragraphs[1], link, ...paragraphs.slice(2)].join('\n\n'),
      html: [
        `<p>${escapeHtml(paragraphs[0]!)}</p>`,
        `<p>${escapeHtml(paragraphs[1]!)}</p>`,
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
        ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p)}</p>`),
      ].join(''),
    });
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
