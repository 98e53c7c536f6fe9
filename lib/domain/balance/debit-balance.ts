import 'server-only';
import type { Db } from '@/db/client';
import { rawQuery } from '@/db/raw';
import type { ledgerReasonEnum } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

type LedgerReason = (typeof ledgerReasonEnum.enumValues)[number];

/**
 * The ledger reason of an order's charge: the one debit row an order takes from its owner's
 * balance (balance_ledger_order_debit_uq), whether the order is a post paid per profile by the
 * profiles' followers or a pay-per-action order (note `pay_per_action`). The stored value keeps
 * its historical name from when only new tweets were charged: it is a value of the database enum
 * `ledger_reason`, named in db/schema.ts and in its migrations, and reaches no answer or page.
 * Code names it through this constant, never by its text.
 */
export const ORDER_DEBIT_REASON = 'new_tweet' as const satisfies LedgerReason;

export type DebitInput = {
  userId: number;
  /** The order charged; one debit per order. */
  orderId: string;
  /** Positive integer cents, taken from the balance. */
  amountCents: number;
  note?: string | null;
};

/*
 * Fixed texts through the driver (db/raw.ts, issue #19): the send's hot path. The reason goes as
 * a parameter, cast to the enum.
 */
const LEDGER_DEBIT = `insert into balance_ledger (user_id, amount_cents, reason, order_id, note) values ($1::int, $2::int, $3::ledger_reason, $4::uuid, $5::text)`;

const LOWER_BALANCE = `update users set bakiye_cents = bakiye_cents - $2::int, updated_at = now() where id = $1::int`;

/**
 * Takes an order's charge from its owner's balance: one ORDER_DEBIT_REASON ledger row (the
 * amount negated) and the cached users.bakiye_cents lowered by it, inside the caller's
 * transaction. The caller holds the user's row lock and has checked that the balance covers the
 * charge (users_bakiye_non_negative refuses it otherwise); a second debit for the same order fails
 * on balance_ledger_order_debit_uq. Credits and refunds are creditBalance and refundOrderCharge.
 *
 * Returned unawaited, like a db/raw.ts statement: its two statements are sent, ledger row first,
 * when it is first awaited (`then`), both in that same call, so the send can pipeline them with
 * its other writes in one round trip (lib/domain/operations/send-store.ts). Resolves when both are done;
 * rejects with the first failure.
 */
export function debitBalance(tx: Db, input: DebitInput): PromiseLike<void> {
  let sent: Promise<void> | undefined;
  return {
    then(onfulfilled, onrejected) {
      sent ??= sendDebit(tx, input);
      return sent.then(onfulfilled, onrejected);
    },
  };
}

function sendDebit(tx: Db, input: DebitInput): Promise<void> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    return Promise.reject(new AppError('INVALID_AMOUNT'));
  }
  const ledger = rawQuery(tx, LEDGER_DEBIT, [input.userId, -input.amountCents, ORDER_DEBIT_REASON, input.orderId, input.note ?? null]);
  const balance = rawQuery(tx, LOWER_BALANCE, [input.userId, input.amountCents]);
  // `.then` on each now, in order (a promise's executor runs at once): the driver queues them in
  // this order, behind whatever the caller sent before. Promise.all alone would call it a
  // microtask later.
  return Promise.all([new Promise((resolve, reject) => ledger.then(resolve, reject)), new Promise((resolve, reject) => balance.then(resolve, reject))]).then(() => undefined);
}
