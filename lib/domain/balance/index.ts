export { creditBalance, type CreditInput, type CreditResult } from './credit-balance';
export { debitBalance, ORDER_DEBIT_REASON, type DebitInput } from './debit-balance';
export { getBalanceCents } from './get-balance';
export { centsToDollars } from '@/lib/infra/money';
export { refundOrderCharge } from './refund-order';
