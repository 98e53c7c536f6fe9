import 'server-only';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { env } from '@/env';
import type { Db } from '@/db/client';
import { appSecrets } from '@/db/schema';

type Global = typeof globalThis & { __etkAuthSecret?: Promise<string> };
const g = globalThis as Global;

/**
 * The key that signs tokens and next-auth cookies: AUTH_SECRET/NEXTAUTH_SECRET when set,
 * otherwise one generated on first start and kept in the database, so every node agrees and
 * restarts keep sessions.
 */
export function getAuthSecret(db: Db): Promise<string> {
  const fromEnv = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (fromEnv) return Promise.resolve(fromEnv);
  g.__etkAuthSecret ??= (async () => {
    await db
      .insert(appSecrets)
      .values({ key: 'auth_secret', value: crypto.randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'auth_secret'));
    if (!row) throw new Error('auth secret missing');
    return row.value;
  })().catch((err: unknown) => {
    g.__etkAuthSecret = undefined;
    throw err;
  });
  return g.__etkAuthSecret;
}
