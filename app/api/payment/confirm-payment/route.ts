import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { centsToDollars, settlePayment } from '@/lib/payments';
import { confirmPaymentSchema } from '@/lib/payments/schemas';
import { translate } from '@/lib/i18n/translate';
import { notifyDashboard } from '@/lib/realtime';

/**
 * §7 POST /payment/confirm-payment: credits only what the processor says was paid, by this user,
 * for what was ordered; exactly once (the webhook is the other road to the same credit). The
 * amount, type and platforms in the body are not used: the payment record says what was ordered.
 */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  const { paymentIntentId } = await parseBody(req, confirmPaymentSchema);
  const settled = await settlePayment(await getDb(), { intentId: paymentIntentId, userId: user.id });
  if (!settled.alreadyCredited) notifyDashboard();
  const locale = requestLocale(req);
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
