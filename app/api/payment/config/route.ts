import { handle, ok } from '@/app/api/_lib/handler';
import { paymentClientConfig } from '@/lib/payments';

/** GET /api/payment/config: which card form the browser shows (Stripe Elements or the test mode's), and Stripe's publishable key. */
export const GET = handle(async () => ok({ ...paymentClientConfig() }));
