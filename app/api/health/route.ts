import { ok, route, unavailable } from '@/app/api/_lib/route';
import { selectOneWithin } from '@/db/reachability';

/** How long the database may take to answer before this node reports itself not ready. */
export const DATABASE_CHECK_MS = 2000;

/**
 * GET /api/health: for a load balancer's health check or an uptime monitor. 200
 * `{success, database_ms}` when this node's database answers within 2 s; otherwise 503
 * TEMPORARILY_UNAVAILABLE with Retry-After, so the balancer sends customers to another node. A
 * database that refuses the connection fails at once; one that does not answer (a network
 * partition, a stuck server) fails after 2 s, where every other request would wait. Reads no
 * session and says nothing about the configuration.
 */
export const GET = route({ auth: 'public' }, async ({ db }) => {
  const started = performance.now();
  const answered = await selectOneWithin(db, DATABASE_CHECK_MS);
  if (!answered) throw unavailable();
  return ok({ database_ms: Math.round(performance.now() - started) });
});
