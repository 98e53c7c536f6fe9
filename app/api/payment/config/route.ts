import { paymentClientConfig } from '@/lib/domain/payments';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/payment/config: which card form the browser shows (Stripe Elements or the test mode's), and Stripe's publishable key. */
export const GET = route({ auth: 'public' }, () => ok({ ...paymentClientConfig() }));
