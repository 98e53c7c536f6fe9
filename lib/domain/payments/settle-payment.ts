import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, payments, users } from '@/db/schema';
import { AppError, type ErrorCode } from '@/lib/infra/errors';
import { logger } from '@/logger';
import { creditBalance } from '@/lib/domain/balance';
import { assignSubscriptions } from '@/lib/domain/subscriptions';
import { redeemDiscountCode } from '@/lib/domain/discounts';
import type { Platform } from '@/lib/domain/catalogue/services';
import { defaultLocale, isLocale } from '@/lib/infra/i18n/routing';
import { notify, unsubscribeUrl } from '@/lib/domain/notifications';
import { packageName, packageNameParams } from '@/lib/domain/packages';
import { paymentErrorCode } from './error-codes';
import { processorFor } from './pick-processor';
import type { ProcessorIntent } from './processor';
import { sendReceipt } from './send-receipt';

export type SettleInput = {
  intentId: string;
  /** The caller of confirm-payment: only their own payments. Absent for the webhook. */
  userId?: number;
  /** The intent as a signed webhook event carries it; otherwise it is fetched from the processor. */
  intent?: ProcessorIntent;
};

export type SettleResult = {
  paymentId: number;
  kind: 'balance' | 'package';
  amountCents: number;
  /** True when an earlier call (the other road) had already credited it: nothing changed now. */
  alreadyCredited: boolean;
  balanceCents: number;
  subscriptions: { platform: string; endsAt: Date }[];
};

type PaymentRow = typeof payments.$inferSelect;

/** failure_code values we set ourselves when releasing a purchase (Stripe's codes are lower case). */
const OUR_CODE = /^[A-Z][A-Z_]+$/;

/** The processor's intent must be the payment we recorded: same id, amount, currency, user and kind. */
function verifyIntent(row: PaymentRow, intent: ProcessorIntent): void {
  const mismatches = [
    intent.id !== row.intentId && 'id',
    intent.amountCents !== row.amountCents && 'amount',
    intent.currency.toLowerCase() !== row.currency.toLowerCase() && 'currency',
    intent.metadata.user_id !== String(row.userId) && 'user',
    intent.metadata.payment_kind !== row.kind && 'kind',
  ].filter(Boolean);
  if (mismatches.length) {
    logger.error({ paymentId: row.id, intentId: row.intentId, mismatches }, 'processor intent does not match the recorded payment');
    throw new AppError('PAYMENT_MISMATCH');
  }
}

async function currentBalance(db: Db, userId: number): Promise<number> {
  const [u] = await db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  return u?.b ?? 0;
}

/** Records a not-creditable state on an uncredited payment and says why. */
async function refuse(db: Db, row: PaymentRow, intent: ProcessorIntent): Promise<never> {
  const setStatus = async (status: PaymentRow['status'], failureCode: string | null) => {
    await db
      .update(payments)
      .set({ status, failureCode, updatedAt: sql`now()` })
      .where(and(eq(payments.id, row.id), isNull(payments.creditedAt)));
  };
  const extra = { status: intent.status, paymentIntentId: intent.id };
  switch (intent.status) {
    case 'canceled':
      await setStatus('canceled', row.failureCode ?? 'canceled');
      if (row.failureCode && OUR_CODE.test(row.failureCode)) throw releasedError(row.failureCode, row.intentId);
      throw new AppError('PAYMENT_CANCELLED', { extra });
    case 'processing':
      await setStatus('processing', null);
      throw new AppError('PAYMENT_PROCESSING', { extra });
    case 'requires_action':
      await setStatus('requires_action', null);
      throw new AppError('PAYMENT_REQUIRES_ACTION', { extra });
    default:
      if (intent.lastErrorCode) {
        await setStatus('failed', intent.lastDeclineCode ?? intent.lastErrorCode);
        throw new AppError(paymentErrorCode(intent.lastErrorCode, intent.lastDeclineCode), {
          extra: { ...extra, cardCode: intent.lastErrorCode, declineCode: intent.lastDeclineCode },
        });
      }
      throw new AppError('PAYMENT_NOT_PAID', { extra });
  }
}

/** The customer is told the purchase was not made and the card was not charged. */
function releasedError(reason: string, intentId: string): AppError {
  const code: ErrorCode = reason === 'DISCOUNT_CODE_USED_UP' ? 'DISCOUNT_CODE_EXHAUSTED' : reason === 'DISCOUNT_CODE_CHANGED' ? reason : 'PAYMENT_RELEASED';
  return new AppError(code, { extra: { released: true, reason, paymentIntentId: intentId } });
}

type Outcome =
  | { type: 'already' }
  | { type: 'released'; reason: string }
  | { type: 'credited'; balanceCents: number; subscriptions: { platform: string; endsAt: Date }[] };

/**
 * The one road to a credit, taken by confirm-payment and by the webhook alike. The intent is
 * verified with the processor (unknown, forged, unpaid, failed or someone else's intents credit
 * nothing and say why); then one transaction, with the payment row locked, re-checks
 * `credited_at`, counts the discount code within its maximum, credits the balance or assigns
 * the subscriptions, captures the authorised card, sets `credited_at` and queues the receipt.
 * A second call finds `credited_at` set and changes nothing; the unique indexes on the ledger's
 * top-up row and on the redemption's payment are the last line of defence.
 *
 * A package whose code was used up (or changed, or expired) between quote and payment is not
 * credited: the card authorisation is released, so the buyer is never charged for it.
 */
export async function settlePayment(db: Db, input: SettleInput): Promise<SettleResult> {
  if (input.intentId.startsWith('simulated_payment_')) throw new AppError('PAYMENT_SIMULATED');
  const [row] = await db.select().from(payments).where(eq(payments.intentId, input.intentId));
  if (!row || (input.userId !== undefined && row.userId !== input.userId)) throw new AppError('PAYMENT_NOT_FOUND');

  const result = (outcome: Extract<Outcome, { type: 'credited' }> | { balanceCents: number; subscriptions: SettleResult['subscriptions'] }, already: boolean): SettleResult => ({
    paymentId: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    alreadyCredited: already,
    balanceCents: outcome.balanceCents,
    subscriptions: outcome.subscriptions,
  });
  if (row.creditedAt) return result({ balanceCents: await currentBalance(db, row.userId), subscriptions: [] }, true);

  const processor = processorFor(db, row.provider);
  const intent = input.intent ?? (await processor.retrieveIntent(row.intentId));
  if (!intent) throw new AppError('PAYMENT_NOT_VERIFIED');
  verifyIntent(row, intent);
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') await refuse(db, row, intent);

  const outcome: Outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
    if (!locked || locked.creditedAt) return { type: 'already' } as const;
    if (locked.status === 'canceled' && locked.failureCode && OUR_CODE.test(locked.failureCode)) return { type: 'released', reason: locked.failureCode } as const;

    const release = async (reason: string): Promise<Outcome> => {
      await tx.update(payments).set({ status: 'canceled', failureCode: reason, updatedAt: sql`now()` }).where(eq(payments.id, locked.id));
      return { type: 'released', reason };
    };

    let subscriptions: { platform: string; endsAt: Date }[] = [];
    if (locked.kind === 'package') {
      const [pkg] = await tx
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.id, locked.packageId ?? -1), isNull(packages.deletedAt)));
      if (!pkg && intent.status === 'requires_capture') return release('PACKAGE_NOT_FOUND');
      if (locked.discountCodeId) {
        const redeemed = await redeemDiscountCode(tx, {
          codeId: locked.discountCodeId,
          packageId: locked.packageId!,
          percent: locked.discountPercent,
          userId: locked.userId,
          paymentId: locked.id,
        });
        if (!redeemed.ok) {
          if (intent.status === 'requires_capture') return release(redeemed.reason);
          // Captured already (a crash between capture and commit): the buyer paid the quoted
          // price, so the package is theirs; the use could not be counted within the maximum.
          logger.error({ paymentId: locked.id, reason: redeemed.reason }, 'discount use not counted for a captured payment');
        }
      }
      const assigned = await assignSubscriptions(tx, { userId: locked.userId, packageId: locked.packageId!, platforms: locked.platforms as Platform[] });
      subscriptions = assigned.map((s) => ({ platform: s.platform, endsAt: s.endsAt }));
    } else {
      await creditBalance(tx, { userId: locked.userId, amountCents: locked.amountCents, reason: 'topup', paymentId: locked.id });
    }

    if (intent.status === 'requires_capture') {
      const captured = await processorFor(tx, locked.provider).captureIntent(locked.intentId);
      if (captured.status !== 'succeeded') throw new AppError('PAYMENT_NOT_PAID');
    }
    const now = new Date();
    await tx.update(payments).set({ status: 'succeeded', failureCode: null, creditedAt: now, updatedAt: sql`now()` }).where(eq(payments.id, locked.id));

    const [user] = await tx.select({ email: users.email, adSoyad: users.adSoyad, locale: users.locale, b: users.bakiyeCents }).from(users).where(eq(users.id, locked.userId));
    const [pkgName] = locked.packageId ? await tx.select({ ad: packages.ad, nameEn: packages.nameEn, nameDe: packages.nameDe }).from(packages).where(eq(packages.id, locked.packageId)) : [];
    // The receipt is the payment_receipt notice's mail (issue #18): sent when the customer keeps it on.
    const notice = await notify(tx, {
      userId: locked.userId,
      kind: 'payment_receipt',
      params: { amountCents: locked.amountCents, paymentKind: locked.kind, ...(locked.kind === 'package' ? packageNameParams(pkgName ?? { ad: '', nameEn: null, nameDe: null }) : {}), payment: locked.id },
      link: '/panel/subscription',
      ownMail: true,
    });
    if (notice.mailed) await sendReceipt(tx, {
      to: user!.email,
      name: user!.adSoyad,
      locale: user!.locale,
      paymentId: locked.id,
      intentId: locked.intentId,
      kind: locked.kind,
      amountCents: locked.amountCents,
      packageName: pkgName ? packageName(pkgName, user!.locale) : null,
      platforms: locked.platforms,
      discountPercent: locked.discountPercent,
      subscriptionEnds: subscriptions,
      balanceCents: locked.kind === 'balance' ? user!.b : null,
      paidAt: now,
      unsubscribeUrl: await unsubscribeUrl(tx, locked.userId, 'payment_receipt', isLocale(user!.locale) && user!.locale !== defaultLocale ? `/${user!.locale}` : ''),
    });
    return { type: 'credited', balanceCents: user!.b, subscriptions };
  });

  if (outcome.type === 'already') return result({ balanceCents: await currentBalance(db, row.userId), subscriptions: [] }, true);
  if (outcome.type === 'released') {
    try {
      await processor.cancelIntent(row.intentId);
    } catch (err) {
      logger.error({ err, paymentId: row.id }, 'could not release the card authorisation');
    }
    throw releasedError(outcome.reason, row.intentId);
  }
  return result(outcome, false);
}
