import { routeByPath } from '@/app/api/_lib/route';
import { PROFILE_ROUTES } from '@/app/api/_lib/platform-routes';

/** GET /api/<platform>/profiles: the platform's active profiles, shuffled (public). */
export const GET = routeByPath('/api/[platform]/profiles', PROFILE_ROUTES);
