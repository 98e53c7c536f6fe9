import { z } from 'zod';
import { text } from '@/lib/infra/validation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order id in an admin URL: anything but a UUID is 400 (no order could have it). */
export const orderIdParams = z.object({
  id: text({ max: 36, message: 'AdminValidation.orderId', trim: false }).refine((v) => UUID.test(v), { message: 'AdminValidation.orderId' }),
});
