import type { AuthUser } from './tokens';

/**
 * The one admin rule (§6 "admin area via a separate admin token", issue #14 item 7): an account
 * with rol admin acting through a credential issued by admin login (a bearer token or cookie
 * session of kind 'admin'). The same admin account signed in through the customer login acts as
 * a customer. Used by the API route wrapper, the /rooting page guard and the socket admin room.
 */
export function isAdminSession(user: Pick<AuthUser, 'rol' | 'kind'> | null | undefined): user is AuthUser & { rol: 'admin'; kind: 'admin' } {
  return !!user && user.rol === 'admin' && user.kind === 'admin';
}
