import { getDb } from '@/db/client';
import { listTransactions } from '@/lib/stats';
import { handle, ok } from '../../../_lib/handler';
import { requireUser } from '../../../_lib/auth';

/** GET /api/users/transactions/me?service=&platform=&limit=20&cursor= → transactions, next_cursor. */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  const q = new URL(req.url).searchParams;
  const page = await listTransactions(await getDb(), {
    userId: user.id,
    service: q.get('service'),
    platform: q.get('platform'),
    limit: q.get('limit'),
    cursor: q.get('cursor'),
  });
  return ok({ ...page });
});
