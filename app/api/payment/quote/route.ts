import { centsToDollars, quotePackage } from '@/lib/domain/payments';
import { quoteSchema } from '@/lib/domain/payments/schemas';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/payment/quote: the price the server would charge for a package, with a discount code checked. */
export const POST = route({ auth: 'user', body: quoteSchema }, async ({ db, input }) => {
  const quote = await quotePackage(db, input);
  return ok({
    amount: quote.amountCents,
    tutar: centsToDollars(quote.amountCents),
    ara_toplam: quote.subtotalCents,
    indirim_yuzdesi: quote.discountPercent,
    indirim_kodu: quote.discountCode,
    platformlar: quote.platforms,
  });
});
