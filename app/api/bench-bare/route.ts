import { env } from '@/env';
import { PLATFORM_REGISTRY } from '@/platforms';

// Baseline for `npm run bench`: the cheapest possible dynamic route handler in this build,
// answering JSON shaped like GET /api/platformlar. Off unless BENCH_ROUTES=1.
const body = {
  success: true,
  platformlar: PLATFORM_REGISTRY.map((p, i) => ({ id: i + 1, ad: p.key, aktif: true })),
};

export const dynamic = 'force-dynamic';

export function GET() {
  if (env.BENCH_ROUTES !== '1') return Response.json({ success: false, code: 'ROUTE_NOT_FOUND', mesaj: 'Not found' }, { status: 404 });
  return Response.json(body);
}
