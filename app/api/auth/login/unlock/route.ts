import { signInWithUnlockLink, unlockLinkSchema } from '@/lib/domain/auth';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/auth/login/unlock {token} → {success, token, kullanici, kind} as login answers (or a
 * two-factor challenge, with kind): the one-time sign-in link mailed to the owner of a locked account signs
 * them in and lifts the account's lock. 400 UNLOCK_LINK_INVALID for an unknown, used or expired
 * link (docs/accounts.md "Login limits").
 */
export const POST = route(
  {
    auth: 'public',
    body: unlockLinkSchema,
    summary: 'Sign in with the one-time link of a locked account',
    description:
      'The link mailed when the right password was given while the account was locked by failed attempts from many addresses. Works once, for 15 minutes; signs in and lifts the account-wide lock.',
  },
  async ({ db, input, ip, locale }) => ok(await signInWithUnlockLink(db, { token: input.token, ip, locale })),
);
