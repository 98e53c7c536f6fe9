'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { listProfiles } from '@/lib/profiles';
import { newTweetPriceCents } from '@/lib/pricing';
import type { PriceQuote } from '@/components/service/service-workspace';

const idsSchema = z.array(z.number().int().positive()).max(500);

/**
 * The new-tweet page's price (§9), computed on the server from the stored follower counts of the
 * selected profiles with the same function the send uses; the browser only shows it.
 */
export async function quoteNewTweetPrice(profileIds: number[]): Promise<PriceQuote> {
  const parsed = idsSchema.safeParse(profileIds);
  if (!parsed.success) return { success: false, priceCents: 0 };
  const wanted = new Set(parsed.data);
  const chosen = (await listProfiles(await getDb(), 'twitter')).filter((p) => wanted.has(p.id));
  return { success: true, priceCents: newTweetPriceCents(chosen.map((p) => p.followers_count)) };
}
