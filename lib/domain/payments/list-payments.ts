import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodes, packages, payments } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { packageName } from '@/lib/domain/packages';
import { centsToDollars } from './amounts';

export type PaymentView = {
  id: number;
  paymentIntentId: string;
  tur: 'balance' | 'package';
  tutar: number;
  amountCents: number;
  para_birimi: string;
  durum: string;
  /** The package's Turkish name (§7), null for a top-up. */
  paket_adi: string | null;
  /** The package's name in the reader's language (lib/domain/packages packageName), null for a top-up. */
  gorunen_paket_adi: string | null;
  platformlar: string[];
  indirim_kodu: string | null;
  indirim_yuzdesi: number;
  kart_sahibi: string;
  hata_kodu: string | null;
  created_at: string;
  odendi_at: string | null;
};

const columns = {
  id: payments.id,
  intentId: payments.intentId,
  kind: payments.kind,
  amountCents: payments.amountCents,
  currency: payments.currency,
  status: payments.status,
  platforms: payments.platforms,
  discountPercent: payments.discountPercent,
  cardholderName: payments.cardholderName,
  failureCode: payments.failureCode,
  createdAt: payments.createdAt,
  creditedAt: payments.creditedAt,
  packageName: packages.ad,
  packageNameEn: packages.nameEn,
  packageNameDe: packages.nameDe,
  kod: discountCodes.kod,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toView(r: Row, locale: string): PaymentView {
  return {
    id: r.id!,
    paymentIntentId: r.intentId!,
    tur: r.kind!,
    tutar: centsToDollars(r.amountCents!),
    amountCents: r.amountCents!,
    para_birimi: r.currency!,
    durum: r.status!,
    paket_adi: r.packageName,
    gorunen_paket_adi: r.packageName === null ? null : packageName({ ad: r.packageName, nameEn: r.packageNameEn, nameDe: r.packageNameDe }, locale),
    platformlar: r.platforms ?? [],
    indirim_kodu: r.kod,
    indirim_yuzdesi: r.discountPercent ?? 0,
    kart_sahibi: r.cardholderName ?? '',
    hata_kodu: r.failureCode,
    created_at: r.createdAt!.toISOString(),
    odendi_at: r.creditedAt ? r.creditedAt.toISOString() : null,
  };
}

function base(db: Db) {
  return db
    .select(columns)
    .from(payments)
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId));
}

/** The user's own payments, newest first (the receipts list); package names in `locale` too (Turkish by default). */
export async function listPayments(db: Db, input: { userId: number; limit?: number; locale?: string }): Promise<PaymentView[]> {
  const rows = await base(db)
    .where(eq(payments.userId, input.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 200));
  return rows.map((r) => toView(r, input.locale ?? 'tr'));
}

/** One of the user's own payments (a receipt); another user's is not found. */
export async function getPayment(db: Db, input: { userId: number; paymentId: number; locale?: string }): Promise<PaymentView> {
  const [row] = await base(db).where(and(eq(payments.id, input.paymentId), eq(payments.userId, input.userId)));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return toView(row, input.locale ?? 'tr');
}
