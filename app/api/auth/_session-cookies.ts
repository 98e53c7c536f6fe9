/**
 * Set-Cookie headers that delete next-auth's session cookie (plain and __Secure- names, and the
 * chunks next-auth splits a large cookie into), so logging out ends the browser session at once.
 */
export function clearSessionCookies(): [string, string][] {
  const names = ['next-auth.session-token', '__Secure-next-auth.session-token'];
  const all = names.flatMap((n) => [n, `${n}.0`, `${n}.1`]);
  return all.map((name) => [
    'set-cookie',
    `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
  ]);
}
