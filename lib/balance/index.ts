export { creditBalance, type CreditInput, type CreditResult } from './credit-balance';
export { getBalanceCents } from './get-balance';
export { centsToDollars } from '@/lib/money';
export { refundOrderCharge } from './refund-order';
