import { createPaymentIntent } from '@/lib/domain/payments';
import { createPaymentIntentSchema } from '@/lib/domain/payments/schemas';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/** §7 POST /payment/create-payment-intent: the server computes the amount; the client's is ignored. */
export const POST = route({ auth: 'user', body: createPaymentIntentSchema }, async ({ db, user, input, locale }) => {
  const kind = input.type ?? (input.packageId ? 'package' : 'balance');
  const created = await createPaymentIntent(
    db,
    kind === 'balance'
      ? { userId: user.id, kind, amount: input.amount, cardholderName: input.cardholderName }
      : {
          userId: user.id,
          kind,
          packageId: input.packageId ?? 0,
          platformIds: input.platformIds ?? [],
          discountCode: input.discountCode,
          cardholderName: input.cardholderName,
        },
  );
  return ok({
    paymentIntentId: created.paymentIntentId,
    clientSecret: created.clientSecret,
    amount: created.amountCents,
    provider: created.provider,
    indirim_yuzdesi: created.discountPercent,
    mesaj: translate(locale, 'Payments.intentCreated'),
  });
});
