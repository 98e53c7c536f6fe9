import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { checkCurrentPassword } from './check-password';
import { generateApiKey } from './key-material';
import { toApiKeyView, type ApiKeyView } from './list-api-keys';
import { MAX_API_KEYS } from './rules';

export type CreatedApiKey = { key: string; api_key: ApiKeyView };

/**
 * POST /api/api-keys {name, currentPassword}: a new key, shown this once. The count of working
 * keys is checked with the user's row locked, so two requests at once cannot make a sixth.
 */
export async function createApiKey(db: Db, input: { userId: number; name: string; currentPassword: string }): Promise<CreatedApiKey> {
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
    return { key: made.key, api_key: toApiKeyView(row!) };
  });
}
