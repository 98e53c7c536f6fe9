import 'server-only';
import type { Db } from '@/db/client';
import { notificationMarks } from '@/db/schema';

/** Takes a once-only key; false when it was taken before (the notice went out already). */
export async function takeMark(db: Db, key: string): Promise<boolean> {
  const rows = await db.insert(notificationMarks).values({ key }).onConflictDoNothing().returning({ key: notificationMarks.key });
  return rows.length > 0;
}
