import { AppError } from '@/lib/errors';
import { route } from '@/app/api/_lib/route';

// Any /api path without its own handler answers a JSON 404, never an HTML page.
const notFound = route({ auth: 'public' }, () => {
  throw new AppError('ROUTE_NOT_FOUND');
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
