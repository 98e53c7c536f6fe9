import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { notifySecurityEvent } from '@/lib/domain/notifications';
import { checkCurrentPassword } from './check-password';
import { generateApiKey } from './key-material';
import { toApiKeyView, type ApiKeyView } from './list-api-keys';
import { MAX_API_KEYS } from './rules';

export type CreatedApiKey = { key: string; api_key: ApiKeyView };

/** Where the key-created notice leads: the API keys of /panel/settings, where a key is revoked. */
export const API_KEYS_PAGE = '/panel/settings#api-keys';

/**
 * POST /api/api-keys {name, currentPassword}: a new key, shown this once. The count of working
 * keys is checked with the user's row locked, so two requests at once cannot make a sixth. The
 * owner is told in the same transaction (issue #33 item 9), in the app and by mail whatever their
 * notification choices: the key's name, prefix, time and the address it was made from, with the
 * way to revoke it.
 */
export async function createApiKey(db: Db, input: { userId: number; name: string; currentPassword: string; ip?: string }): Promise<CreatedApiKey> {
  await checkCurrentPassword(db, input.userId, input.currentPassword);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
    if (count >= MAX_API_KEYS) throw new AppError('API_KEY_LIMIT', { params: { max: MAX_API_KEYS } });
    const made = generateApiKey();
    const [row] = await tx.insert(apiKeys).values({ userId: input.userId, name: input.name, prefix: made.prefix, keyHash: made.hash }).returning();
    await notifySecurityEvent(tx, {
      userId: input.userId,
      kind: 'api_key_created',
      params: { name: row!.name, prefix: row!.prefix, at: row!.createdAt.toISOString(), ip: input.ip ?? 'unknown' },
      link: API_KEYS_PAGE,
    });
    return { key: made.key, api_key: toApiKeyView(row!) };
  });
}
