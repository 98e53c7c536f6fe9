import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { durumOf } from '@/lib/operations';
import { normalizeService } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';

type Durum = ReturnType<typeof durumOf>;

/** §3 Transaction. */
export type Transaction = {
  id: string;
  hedef_url: string | null;
  durum: Durum;
  profil_sayisi: number;
  basarili_sayisi: number;
  created_at: string;
  notlar: string | null;
  bakiye_harcanan: number;
};

/** GET /api/islem-gecmisi/user/{userId}/service/{service}: newest first; an unknown service is 400 INVALID_SERVICE. */
export async function listUserServiceOrders(
  db: Db,
  input: { userId: number; service: string; limit?: number; offset?: number },
): Promise<Transaction[]> {
  const service = normalizeService(input.service);
  if (!service) throw new AppError('INVALID_SERVICE');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.service, service)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(Math.max(input.limit ?? 20, 1), 100))
    .offset(Math.max(input.offset ?? 0, 0));
  return rows.map((o) => ({
    id: o.id,
    hedef_url: o.targetUrl ?? o.quoteTweetUrl,
    // One mapping for the customer's and the admin's history (a partly successful order is basarili).
    durum: durumOf(o.status),
    profil_sayisi: o.profileCount,
    basarili_sayisi: o.successCount,
    created_at: o.createdAt.toISOString(),
    // §3: for new tweets the notes carry the text and the selected profiles.
    notlar: o.tweetText !== null ? JSON.stringify({ tweet_text: o.tweetText, quote_tweet_url: o.quoteTweetUrl, profile_ids: o.profileIds }) : o.prompt,
    bakiye_harcanan: (o.priceCents - o.refundedCents) / 100,
  }));
}
