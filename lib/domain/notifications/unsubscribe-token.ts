import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { publicUrl } from '@/env';
import { getAuthSecret } from '@/lib/domain/credentials';
import type { NotificationKind } from './categories';

/*
 * The signed one-click unsubscribe link of a notification mail: HMAC-SHA256 with the app secret
 * over the user and the category, so the link works without a login and cannot be forged for
 * another account or category. It never expires (an old mail's link still works) and turning a
 * category off twice changes nothing.
 */
function mac(secret: string, userId: number, kind: string): string {
  return crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

export async function unsubscribeSignature(db: Db, userId: number, kind: NotificationKind): Promise<string> {
  return mac(await getAuthSecret(db), userId, kind);
}

export async function verifyUnsubscribeSignature(db: Db, userId: number, kind: string, signature: string): Promise<boolean> {
  const want = Buffer.from(mac(await getAuthSecret(db), userId, kind));
  const got = Buffer.from(signature);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** The page that turns the category's mails off (app/[locale]/unsubscribe). */
export async function unsubscribeUrl(db: Db, userId: number, kind: NotificationKind, localePrefix: string): Promise<string> {
  const q = new URLSearchParams({ u: String(userId), c: kind, s: await unsubscribeSignature(db, userId, kind) });
  return `${publicUrl()}${localePrefix}/unsubscribe?${q.toString()}`;
}
