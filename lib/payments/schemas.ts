import { z } from 'zod';

/**
 * Request shapes of /api/payment/* (§7 payment payload), shared by the route handlers and the
 * browser forms. The client's `amount` is never trusted: for a top-up it only says which of the
 * allowed amounts was chosen, for a package it is ignored.
 */
const platformRef = z.union([z.string().trim().min(1).max(20), z.number().int().positive()]);

export const cardholderNameSchema = z
  .string({ message: 'Payments.nameRequired' })
  .trim()
  .min(1, { message: 'Payments.nameRequired' })
  .max(120, { message: 'Payments.nameTooLong' });

export const quoteSchema = z.object({
  packageId: z.coerce.number({ message: 'Payments.packageRequired' }).int().positive({ message: 'Payments.packageRequired' }),
  platformIds: z.array(platformRef, { message: 'Payments.platformRequired' }).min(1, { message: 'Payments.platformRequired' }).max(3),
  discountCode: z.string().trim().max(40).nullish(),
});

export const createPaymentIntentSchema = z.object({
  type: z.enum(['balance', 'package']).optional(),
  amount: z.number().optional(),
  packageId: z.coerce.number().int().positive().optional(),
  platformIds: z.array(platformRef).max(3).optional(),
  discountCode: z.string().trim().max(40).nullish(),
  cardholderName: cardholderNameSchema,
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

export const confirmPaymentSchema = z.object({
  paymentIntentId: z.string({ message: 'Payments.intentRequired' }).trim().min(1, { message: 'Payments.intentRequired' }).max(200),
});

export const testCardConfirmSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(200),
  cardNumber: z.string().max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(8),
});

export const testCardAuthenticateSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(200),
  approve: z.boolean(),
});
