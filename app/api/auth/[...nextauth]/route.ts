import NextAuth from 'next-auth';
import { getAuthOptions } from '@/auth';

// next-auth's own endpoints (session, csrf, callback/token, signout). The §7 auth routes
// (/api/auth/login, …) are separate handlers and take precedence over this catch-all.
type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  const nextAuth = NextAuth(await getAuthOptions());
  return nextAuth(req, { params: await ctx.params });
}

export { handler as GET, handler as POST };
