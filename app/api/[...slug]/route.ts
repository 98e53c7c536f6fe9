import { AppError } from '@/lib/errors';
import { fail } from '../_lib/handler';

// Any /api path without its own handler answers a JSON 404, never an HTML page.
const notFound = (req: Request) => Promise.resolve(fail(new AppError('ROUTE_NOT_FOUND', { status: 404 }), req));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
