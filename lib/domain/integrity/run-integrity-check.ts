import 'server-only';
import { and, desc, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { integrityChecks, makeGoods, payments } from '@/db/schema';
import { ORDER_DEBIT_REASON } from '@/lib/domain/balance';
import { isAppError } from '@/lib/infra/errors';
import { logger } from '@/logger';
import { processorFor, type ProcessorIntent } from '@/lib/domain/payments';
import { rowsOf } from '@/db/rows';
import { statusIn, WAITING_STATUSES } from '@/lib/domain/order-figures';

/** Every discrepancy the check can report (the dashboard names each: Admin.integrity.kinds). */
export const INTEGRITY_KINDS = [
  'balance_mismatch',
  'refunded_twice',
  'refund_mismatch',
  'refund_before_end',
  'end_time_mismatch',
  'charge_mismatch',
  'payment_state_mismatch',
  'topup_mismatch',
  'processor_unknown',
  'processor_mismatch',
  'processor_unreachable',
  'verify_refund_mismatch',
  'verify_refund_over_charge',
] as const;
export type IntegrityKind = (typeof INTEGRITY_KINDS)[number];
export type Discrepancy = { kind: IntegrityKind; id: string; detail: string };
export type IntegrityResult = typeof integrityChecks.$inferSelect;

/** How far back credited payments are asked again at their processor (each is one API call). */
export const PROCESSOR_WINDOW_DAYS = 30;
const PROCESSOR_MAX = 200;
const KEEP = 200;

export type IntegrityOptions = {
  /** The processor's view of an intent (default: the payment's own processor, lib/domain/payments). */
  retrieveIntent?: (provider: string, intentId: string) => Promise<ProcessorIntent | null>;
  now?: Date;
};

/**
 * The scheduled integrity check (issue #17): proves from the database that
 * - every user's cached balance equals the sum of their ledger rows;
 * - every order ended at most once: at most one refund row, its refunded_cents equal to that row,
 *   a refund only on an ended order, an end time exactly on the ended ones, and a paid order's one
 *   debit equal to its price;
 * - every credited payment matches its processor state: credited ⇔ succeeded here, a balance
 *   top-up credited by exactly one ledger row of its amount, and (for the last
 *   PROCESSOR_WINDOW_DAYS days, at most 200) the processor itself reporting it succeeded for the
 *   same amount;
 * - (issue #38 item 2) every refund of an undone action (`verify_refund`) matches its make-good, one
 *   row per refunded make-good and none for a redone one, and an order's refunds never exceed its charge.
 * Read-only apart from the one result row it stores; the dashboard shows the last one.
 */
export async function runIntegrityCheck(db: Db, options: IntegrityOptions = {}): Promise<IntegrityResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const found: Discrepancy[] = [];
  const add = (kind: IntegrityKind, id: string | number, detail: string) => found.push({ kind, id: String(id), detail });

  const balances = rowsOf<{ id: number; balance: number; ledger: number | string }>(
    await db.execute(sql`
      select u.id, u.bakiye_cents as balance, coalesce(sum(l.amount_cents), 0) as ledger
        from users u left join balance_ledger l on l.user_id = u.id
       group by u.id having u.bakiye_cents <> coalesce(sum(l.amount_cents), 0)`),
  );
  for (const b of balances) add('balance_mismatch', b.id, `balance ${b.balance} ≠ ledger ${Number(b.ledger)}`);

  const orderProblems = rowsOf<{ id: string; problem: string; detail: string }>(
    await db.execute(sql`
      with refunds as (
        select order_id, count(*) as n, sum(amount_cents) as cents from balance_ledger where reason = 'refund' and order_id is not null group by order_id
      ), debits as (
        select order_id, count(*) as n, -sum(amount_cents) as cents from balance_ledger where reason = ${ORDER_DEBIT_REASON} and order_id is not null group by order_id
      )
      select o.id::text as id, p.problem, p.detail
        from orders o
        left join refunds r on r.order_id = o.id
        left join debits d on d.order_id = o.id
        cross join lateral (values
          ('refunded_twice', coalesce(r.n, 0) > 1, 'refund rows: ' || coalesce(r.n, 0)),
          ('refund_mismatch', o.refunded_cents <> coalesce(r.cents, 0), 'refunded_cents ' || o.refunded_cents || ' ≠ refund rows ' || coalesce(r.cents, 0)),
          ('refund_before_end', r.n is not null and ${statusIn(WAITING_STATUSES, sql`o.status`)}, 'refunded while ' || o.status),
          ('end_time_mismatch', (${statusIn(WAITING_STATUSES, sql`o.status`)}) = (o.completed_at is not null), o.status || ' with completed_at ' || coalesce(o.completed_at::text, 'null')),
          ('charge_mismatch', o.price_cents > 0 and (coalesce(d.n, 0) <> 1 or d.cents <> o.price_cents), 'price ' || o.price_cents || ', debit rows ' || coalesce(d.n, 0) || ' of ' || coalesce(d.cents, 0))
        ) as p(problem, bad, detail)
       where p.bad
       limit ${KEEP}`),
  );
  for (const o of orderProblems) add(o.problem as IntegrityKind, o.id, o.detail);

  // Issue #38 item 2: every `verify_refund` row gives back exactly one refunded make-good's amount
  // (and a redone one has none), and an order's refunds never pass its charge.
  const makeGoodProblems = rowsOf<{ id: string; problem: string; detail: string }>(
    await db.execute(sql`
      (select coalesce(m.id, l.make_good_id)::text as id, 'verify_refund_mismatch' as problem,
              'make-good ' || coalesce(m.state::text, 'missing') || ' of ' || coalesce(m.refund_cents, 0) || ', ledger ' || coalesce(l.amount_cents::text, 'none') as detail
         from (select * from ${makeGoods} where state = 'refunded' and refund_cents > 0 or state = 'redone') m
         full join (select * from balance_ledger where reason = 'verify_refund') l on l.make_good_id = m.id
        where m.id is null or l.id is null and m.refund_cents > 0 or l.id is not null and (m.state <> 'refunded' or l.amount_cents <> m.refund_cents or l.order_id is distinct from m.order_id)
        limit ${KEEP})
      union all
      (select o.id::text, 'verify_refund_over_charge', 'price ' || o.price_cents || ', refunded ' || o.refunded_cents || ' + undone ' || v.cents
         from orders o join (select order_id, sum(amount_cents) as cents from balance_ledger where reason = 'verify_refund' group by order_id) v on v.order_id = o.id
        where o.refunded_cents + v.cents > o.price_cents
        limit ${KEEP})`),
  );
  for (const m of makeGoodProblems) add(m.problem as IntegrityKind, m.id, m.detail);

  const paymentProblems = rowsOf<{ id: number; problem: string; detail: string }>(
    await db.execute(sql`
      with topups as (
        select payment_id, count(*) as n, sum(amount_cents) as cents from balance_ledger where reason = 'topup' and payment_id is not null group by payment_id
      )
      select pm.id, p.problem, p.detail
        from payments pm
        left join topups t on t.payment_id = pm.id
        cross join lateral (values
          ('payment_state_mismatch', (pm.credited_at is not null) <> (pm.status = 'succeeded'), 'status ' || pm.status || ', credited ' || (pm.credited_at is not null)),
          ('topup_mismatch', pm.kind = 'balance' and (
              (pm.credited_at is not null and (coalesce(t.n, 0) <> 1 or t.cents <> pm.amount_cents))
              or (pm.credited_at is null and t.n is not null)),
            'amount ' || pm.amount_cents || ', top-up rows ' || coalesce(t.n, 0) || ' of ' || coalesce(t.cents, 0))
        ) as p(problem, bad, detail)
       where p.bad
       limit ${KEEP}`),
  );
  for (const p of paymentProblems) add(p.problem as IntegrityKind, p.id, p.detail);

  const retrieve = options.retrieveIntent ?? ((provider: string, intentId: string) => processorFor(db, provider).retrieveIntent(intentId));
  const recent = await db
    .select({ id: payments.id, provider: payments.provider, intentId: payments.intentId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(isNotNull(payments.creditedAt), gt(payments.creditedAt, new Date(now.getTime() - PROCESSOR_WINDOW_DAYS * 24 * 3600_000))))
    .orderBy(desc(payments.creditedAt))
    .limit(PROCESSOR_MAX);
  let skipped = 0;
  for (const p of recent) {
    try {
      const intent = await retrieve(p.provider, p.intentId);
      if (!intent) add('processor_unknown', p.id, `${p.provider} does not know ${p.intentId}`);
      else if (intent.status !== 'succeeded' || intent.amountCents !== p.amountCents) {
        add('processor_mismatch', p.id, `processor: ${intent.status}, ${intent.amountCents}; here: succeeded, ${p.amountCents}`);
      }
    } catch (err) {
      // A payment of a processor this server is not configured for (a test-mode payment on a
      // Stripe server, or the reverse) cannot be asked: skipped and counted, not a discrepancy.
      if (isAppError(err) && (err.code === 'TEST_MODE_DISABLED' || err.code === 'PAYMENT_PROVIDER_UNAVAILABLE')) skipped++;
      else add('processor_unreachable', p.id, err instanceof Error ? err.message.slice(0, 200) : String(err));
    }
  }

  const counts = rowsOf<{ users: number | string; orders: number | string; payments: number | string }>(
    await db.execute(sql`select (select count(*) from users) as users, (select count(*) from orders) as orders, (select count(*) from payments) as payments`),
  )[0]!;
  const [saved] = await db
    .insert(integrityChecks)
    .values({
      ok: found.length === 0,
      checked: { users: Number(counts.users), orders: Number(counts.orders), payments: Number(counts.payments), paymentsAsked: recent.length - skipped, paymentsNotAskable: skipped },
      discrepancies: found.slice(0, KEEP),
      durationMs: Date.now() - started,
    })
    .returning();
  if (found.length) logger.error({ discrepancies: found.length, first: found[0] }, 'integrity check found discrepancies');
  return saved!;
}

/** The dashboard's card: the last stored result, or null before the first run. */
export async function lastIntegrityCheck(db: Db): Promise<IntegrityResult | null> {
  const [row] = await db.select().from(integrityChecks).orderBy(desc(integrityChecks.id)).limit(1);
  return row ?? null;
}
