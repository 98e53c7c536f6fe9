import { newTweetQuoteSchema, quoteNewTweet } from '@/lib/operations';
import { centsToDollars } from '@/lib/pricing';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/twitter/new-tweet/quote {profile_ids}: the server's price of a new tweet by these
 * profiles, one line per profile with its §9 follower tier, the total and the caller's balance
 * before and after. The confirmation shows it as is; amounts in dollars and in cents.
 */
export const POST = route({ auth: 'user', body: newTweetQuoteSchema }, async ({ db, user, input }) => {
  const quote = await quoteNewTweet(db, { userId: user.id, profileIds: input.profile_ids });
  return ok({
    kalemler: quote.lines.map((l) => ({
      profil_id: l.profileId,
      kullanici_adi: l.username,
      takipci_sayisi: l.followers,
      kademe_min: l.tierMin,
      kademe_max: l.tierMax,
      fiyat: centsToDollars(l.priceCents),
      fiyat_cents: l.priceCents,
    })),
    toplam: centsToDollars(quote.totalCents),
    toplam_cents: quote.totalCents,
    bakiye: centsToDollars(quote.balanceCents),
    bakiye_cents: quote.balanceCents,
    kalan_bakiye: centsToDollars(quote.balanceAfterCents),
    kalan_bakiye_cents: quote.balanceAfterCents,
  });
});
