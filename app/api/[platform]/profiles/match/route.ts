import { routeByPath } from '@/app/api/_lib/route';
import { MATCH_ROUTES } from '@/app/api/_lib/platform-routes';

/** GET /api/<platform>/profiles/match?link=…: the target's language and niche for the picker's match score (public). */
export const GET = routeByPath('/api/[platform]/profiles/match', MATCH_ROUTES);
