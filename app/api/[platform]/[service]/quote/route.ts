import { routeByPath } from '@/app/api/_lib/route';
import { QUOTE_ROUTES } from '@/app/api/_lib/platform-routes';

/** POST /api/<platform>/<service path>/quote: the price of a post paid by followers (§9). */
export const POST = routeByPath('/api/[platform]/[service]/quote', QUOTE_ROUTES);
