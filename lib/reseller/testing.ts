import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { generateApiKey } from '@/lib/api-keys';

/** A working API key of this user, made directly (the create route's password step is tested elsewhere). */
export async function makeApiKey(db: Db, userId: number, name = 'test'): Promise<{ id: number; key: string }> {
  const made = generateApiKey();
  const [row] = await db.insert(apiKeys).values({ userId, name, prefix: made.prefix, keyHash: made.hash }).returning({ id: apiKeys.id });
  return { id: row!.id, key: made.key };
}
