import { routeNotFound } from '@/app/api/_lib/route';

// Any /api path without its own handler answers a JSON 404, never an HTML page.
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PUT = routeNotFound;
export const PATCH = routeNotFound;
export const DELETE = routeNotFound;
