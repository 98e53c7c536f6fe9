import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { balanceLedger, users } from '@/db/schema';
import { checkLowBalance } from '@/lib/domain/notifications';
import { AppError } from '@/lib/infra/errors';

export type CreditInput = {
  userId: number;
  /** Positive integer cents. */
  amountCents: number;
  reason: 'topup' | 'adjustment';
  /** Required for a top-up: the payment it comes from (one top-up credit per payment). */
  paymentId?: number;
  note?: string;
};

export type CreditResult = {
  /** False when this payment had already been credited (nothing changed). */
  credited: boolean;
  /** The balance after the call, in cents. */
  balanceCents: number;
  ledgerId: number | null;
};

/**
 * Adds money to a user's balance: one ledger row and the cached users.bakiye_cents, together,
 * with the user's row locked. Idempotent per payment: a second credit for the same paymentId
 * (the partial unique index balance_ledger_topup_uq) changes nothing and returns credited=false.
 * Runs inside the caller's transaction when given one (a savepoint), else in its own.
 */
export async function creditBalance(db: Db, input: CreditInput): Promise<CreditResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new AppError('INVALID_AMOUNT');
  }
  if (input.reason === 'topup' && input.paymentId == null) {
    throw new AppError('INVALID_AMOUNT');
  }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, bakiyeCents: users.bakiyeCents })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw new AppError('USER_NOT_FOUND');

    if (input.reason === 'topup') {
      const [already] = await tx
        .select({ id: balanceLedger.id })
        .from(balanceLedger)
        .where(and(eq(balanceLedger.paymentId, input.paymentId!), eq(balanceLedger.reason, 'topup')));
      if (already) return { credited: false, balanceCents: user.bakiyeCents, ledgerId: already.id };
    }

    const [row] = await tx
      .insert(balanceLedger)
      .values({
        userId: input.userId,
        amountCents: input.amountCents,
        reason: input.reason,
        paymentId: input.paymentId ?? null,
        note: input.note ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: balanceLedger.id });
    if (!row) return { credited: false, balanceCents: user.bakiyeCents, ledgerId: null };

    const [updated] = await tx
      .update(users)
      .set({ bakiyeCents: sql`${users.bakiyeCents} + ${input.amountCents}` })
      .where(eq(users.id, input.userId))
      .returning({ bakiyeCents: users.bakiyeCents });
    // Back above the customer's low-balance threshold: the notice is armed again (issue #18).
    await checkLowBalance(tx, input.userId, updated!.bakiyeCents);
    return { credited: true, balanceCents: updated!.bakiyeCents, ledgerId: row.id };
  });
}
