export { creditBalance, type CreditInput, type CreditResult } from './credit-balance';
export { getBalanceCents, centsToDollars, dollarsToCents } from './get-balance';
