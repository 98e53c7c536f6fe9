import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { getAuthSecret } from '@/lib/domain/credentials';

/**
 * TOTP secrets are kept encrypted (AES-256-GCM) with a key derived (HKDF-SHA-256) from the auth
 * secret. With AUTH_SECRET set in the environment the key is not in the database, so a copy of the
 * database alone does not give anyone the secrets; with the generated secret (kept in app_secrets)
 * this only keeps the secrets out of casual reads, logs and dumps of single tables. Changing
 * AUTH_SECRET makes stored TOTP secrets unreadable: their owners then sign in with a recovery
 * code and set two-factor sign-in up again (docs/accounts.md).
 */
const VERSION = 'v1';

async function key(db: Db): Promise<Buffer> {
  const secret = await getAuthSecret(db);
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'etkilesim', 'two-factor totp secret v1', 32));
}

export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await key(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${iv.toString('base64url')}:${body.toString('base64url')}`;
}

/** The secret, or null when it cannot be read (another key, or a damaged value). */
export async function decryptSecret(db: Db, stored: string): Promise<string | null> {
  const [version, ivText, bodyText] = stored.split(':');
  if (version !== VERSION || !ivText || !bodyText) return null;
  try {
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', await key(db), Buffer.from(ivText, 'base64url'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
