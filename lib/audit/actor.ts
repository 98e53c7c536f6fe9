import 'server-only';
import { AppError, type ErrorCode } from '@/lib/errors';
import { clientIp } from '@/lib/rate-limit';
import type { Actor } from './record-audit';

/** The acting admin of a request: their id and their address (the peer, or the trusted proxy's entry). */
export function actorFrom(user: { id: number }, req: Request): Actor {
  const ip = clientIp(req);
  return { id: user.id, ip: ip === 'unknown' ? null : ip };
}

/** A numeric route id (`/users/{id}`); anything else is a 404 of that entity. */
export function numericId(value: string, code: ErrorCode = 'NOT_FOUND'): number {
  const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(code);
  return id;
}
