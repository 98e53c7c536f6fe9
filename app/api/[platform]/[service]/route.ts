import { routeByPath, routeNotFound } from '@/app/api/_lib/route';
import { SEND_ROUTES } from '@/app/api/_lib/platform-routes';

/**
 * POST /api/<platform>/<service path> (§7 "Service use"): every service of the registry, each with its own body schema (app/api/_lib/platform-routes.ts).
 * Any other two-segment /api path and any other method answers the JSON 404 of app/api/[...slug].
 */
export const POST = routeByPath('/api/[platform]/[service]', SEND_ROUTES);
export const GET = routeNotFound;
export const PUT = routeNotFound;
export const PATCH = routeNotFound;
export const DELETE = routeNotFound;
