import 'server-only';
import { getSessionUser } from '@/auth';
import { redirect } from '@/lib/infra/i18n/navigation';
import { isAdminSession, type AuthUser } from '@/lib/domain/credentials';

/**
 * The page guards (ARCHITECTURE.md "Known traps": every server component checks the session
 * itself; the proxy only routes). The session is the next-auth cookie, checked against the
 * database on every call (session version, active, role), so a revoked session is refused at once.
 */

/** The logged-in user of a /panel page; a visitor goes to /login. */
export async function requirePageUser(locale: string): Promise<AuthUser> {
  const user = await getSessionUser();
  if (!user) return redirect({ href: '/login', locale });
  return user;
}

/** The admin of a /rooting page: only a session from admin login (§6: the admin token) counts. */
export async function requirePageAdmin(locale: string): Promise<AuthUser> {
  const user = await getSessionUser();
  if (!isAdminSession(user)) return redirect({ href: '/admin-login', locale });
  return user;
}

/** /login and the other sign-in pages: a logged-in user goes to /panel (§2). */
export async function redirectLoggedInToPanel(locale: string): Promise<void> {
  const user = await getSessionUser();
  if (user) redirect({ href: '/panel', locale });
}
