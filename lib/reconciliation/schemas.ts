import { z } from 'zod';

/** An order id in an admin URL: a UUID, else 404 ORDER_NOT_FOUND would be a lie, so 400. */
export const orderIdParams = z.object({ id: z.string().uuid({ message: 'AdminValidation.orderId' }) });
