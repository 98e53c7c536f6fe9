import { z } from 'zod';
import { listTransactions } from '@/lib/domain/stats';
import { text } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';
import { transactionsPageResponse } from '@/lib/domain/order-view/responses';

const query = z.object({
  service: text({ max: 40 }).optional(),
  platform: text({ max: 40 }).optional(),
  limit: text({ max: 12 }).optional(),
  cursor: text({ max: 200 }).optional(),
});

/** GET /api/users/transactions/me?service=&platform=&limit=20&cursor= → transactions, next_cursor. */
export const GET = route({ auth: 'user', query, response: transactionsPageResponse }, async ({ db, user, query }) => {
  const page = await listTransactions(db, {
    userId: user.id,
    service: query.service ?? null,
    platform: query.platform ?? null,
    limit: query.limit ?? null,
    cursor: query.cursor ?? null,
  });
  return ok({ ...page });
});
