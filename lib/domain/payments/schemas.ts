import { z } from 'zod';
import { id, int, INT4_MAX, text } from '@/lib/infra/validation';

/**
 * Request shapes of /api/payment/* (§7 payment payload), shared by the route handlers and the
 * browser forms. The client's `amount` is never trusted: for a top-up it only says which of the
 * allowed amounts was chosen, for a package it is ignored.
 */
const platformRef = z.union([text({ max: 20 }).min(1), z.number().int().positive().max(INT4_MAX)]);

export const cardholderNameSchema = text({ max: 120, message: 'Payments.nameRequired', tooLong: 'Payments.nameTooLong' }).min(1, {
  message: 'Payments.nameRequired',
});

export const quoteSchema = z.object({
  packageId: id('Payments.packageRequired'),
  platformIds: z.array(platformRef, { message: 'Payments.platformRequired' }).min(1, { message: 'Payments.platformRequired' }).max(3),
  discountCode: text({ max: 40 }).nullish(),
});

export const createPaymentIntentSchema = z.object({
  type: z.enum(['balance', 'package']).optional(),
  amount: z.number().optional(),
  packageId: id().optional(),
  platformIds: z.array(platformRef).max(3).optional(),
  discountCode: text({ max: 40 }).nullish(),
  cardholderName: cardholderNameSchema,
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

export const confirmPaymentSchema = z.object({
  paymentIntentId: text({ max: 200, message: 'Payments.intentRequired' }).min(1, { message: 'Payments.intentRequired' }),
});

export const testCardConfirmSchema = z.object({
  paymentIntentId: text({ max: 200 }).min(1),
  cardNumber: text({ max: 40, trim: false }),
  expMonth: int(),
  expYear: int(),
  cvc: text({ max: 8, trim: false }),
});

export const testCardAuthenticateSchema = z.object({
  paymentIntentId: text({ max: 200 }).min(1),
  approve: z.boolean(),
});
