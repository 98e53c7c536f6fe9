import { getDb } from '@/db/client';
import { handle, ok, parseBody } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { centsToDollars, quotePackage } from '@/lib/payments';
import { quoteSchema } from '@/lib/payments/schemas';

/** POST /api/payment/quote: the price the server would charge for a package, with a discount code checked. */
export const POST = handle(async (req) => {
  await requireUser(req);
  const input = await parseBody(req, quoteSchema);
  const quote = await quotePackage(await getDb(), input);
  return ok({
    amount: quote.amountCents,
    tutar: centsToDollars(quote.amountCents),
    ara_toplam: quote.subtotalCents,
    indirim_yuzdesi: quote.discountPercent,
    indirim_kodu: quote.discountCode,
    platformlar: quote.platforms,
  });
});
