import type { AuthUser, TokenKind } from './tokens';

/**
 * The one admin rule (§6 "admin area via a separate admin token", issue #14 item 7): an account
 * with rol admin acting through a credential issued by admin login (a bearer token or cookie
 * session of kind 'admin'). The same admin account signed in through the customer login acts as
 * a customer. Used by the API route wrapper, the /rooting page guard and the socket admin room.
 */
export function isAdminSession(user: Pick<AuthUser, 'rol' | 'kind'> | null | undefined): user is AuthUser & { rol: 'admin'; kind: 'admin' } {
  return !!user && user.rol === 'admin' && user.kind === 'admin';
}

/**
 * Whether the caller skips the customer rules of §6 ("Admin: no profile cap, no limit display"):
 * a send's package, profile cap, daily limit, cooldown and price per action (lib/domain/operations
 * sendOperation), the limit display (getLimitInfo: `sinirsiz`) and the service page's caps (the
 * viewer's `isAdmin`). Only an admin session is exempt (issue #34 item 6): the admin account
 * through the customer login, or through an API key, is a customer like any other, as it is
 * everywhere outside the admin area. Without `kind` (a user row rather than a session) it is a
 * customer too. Money is never exempt: new tweets are paid from the balance by everyone.
 */
export function exemptFromLimits(caller: { rol: AuthUser['rol']; kind?: TokenKind } | null | undefined): boolean {
  return !!caller && isAdminSession({ rol: caller.rol, kind: caller.kind ?? 'user' });
}
