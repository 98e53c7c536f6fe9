import { centsToDollars, settlePayment } from '@/lib/domain/payments';
import { confirmPaymentSchema } from '@/lib/domain/payments/schemas';
import { translate } from '@/lib/infra/i18n/translate';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';

/**
 * §7 POST /payment/confirm-payment: credits only what the processor says was paid, by this user,
 * for what was ordered; exactly once (the webhook is the other road to the same credit). The
 * amount, type and platforms in the body are not used: the payment record says what was ordered.
 */
export const POST = route({ auth: 'user', body: confirmPaymentSchema }, async ({ db, user, input, locale }) => {
  const settled = await settlePayment(db, { intentId: input.paymentIntentId, userId: user.id });
  if (!settled.alreadyCredited) notifyDashboard();
  const key = settled.kind === 'balance' ? 'Payments.balanceAdded' : 'Payments.packagePurchased';
  return ok({
    mesaj: translate(locale, key),
    paymentId: settled.paymentId,
    alreadyCredited: settled.alreadyCredited,
    bakiye: centsToDollars(settled.balanceCents),
    bakiye_cents: settled.balanceCents,
    abonelikler: settled.subscriptions.map((s) => ({ platform: s.platform, bitis_tarihi: s.endsAt.toISOString() })),
  });
});
