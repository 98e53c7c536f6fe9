export { listDiscountCodes } from './list-discount-codes';
export { createDiscountCode } from './create-discount-code';
export { updateDiscountCode } from './update-discount-code';
export { deleteDiscountCode } from './delete-discount-code';
export { findValidDiscountCode, validateDiscountCode, type ValidDiscountCode } from './find-valid-discount-code';
export { type ApiDiscountCode } from './shapes';
export { parseEndDate, dayInZone } from './dates';
export {
  discountSchema,
  discountUpdateSchema,
  validateDiscountSchema,
  discountFields,
  type DiscountInput,
  type DiscountUpdateInput,
} from './schemas';
export { redeemDiscountCode, type RedeemResult } from './redeem-code';
