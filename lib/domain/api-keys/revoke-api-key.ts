import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { checkCurrentPassword } from './check-password';
import { generateApiKey } from './key-material';
import { toApiKeyView, type ApiKeyView } from './list-api-keys';

/**
 * DELETE /api/api-keys/{id}: the owner revokes a key; from the next request on it gets the same
 * answer as a key that never existed. Another user's key, a revoked one or no such id: 404.
 */
export async function revokeApiKey(db: Db, input: { userId: number; keyId: number }): Promise<void> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
}

/** DELETE /api/api-keys/admin/{id}: an admin revokes any working key, recorded in the audit log. */
export async function adminRevokeApiKey(db: Db, actor: Actor, keyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt))).for('update');
    if (!before) throw new AppError('API_KEY_NOT_FOUND');
    const [after] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId)).returning();
    await recordAudit(tx, actor, {
      action: 'api_key.revoke',
      entity: 'api_key',
      entityId: keyId,
      before: { user_id: before.userId, name: before.name, prefix: before.prefix, revoked_at: null },
      after: { user_id: after!.userId, name: after!.name, prefix: after!.prefix, revoked_at: after!.revokedAt },
    });
  });
}

/**
 * POST /api/api-keys/{id}/rotate {currentPassword}: a new secret for the same key (name, webhook
 * and orders stay); the old secret stops working in the same statement. Shown once, like a new key.
 */
export async function rotateApiKey(db: Db, input: { userId: number; keyId: number; currentPassword: string }): Promise<{ key: string; api_key: ApiKeyView }> {
  await checkCurrentPassword(db, input.userId, input.currentPassword);
  const made = generateApiKey();
  const [row] = await db
    .update(apiKeys)
    .set({ keyHash: made.hash, prefix: made.prefix, lastUsedAt: null })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return { key: made.key, api_key: toApiKeyView(row) };
}
