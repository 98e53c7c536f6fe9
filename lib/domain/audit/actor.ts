import 'server-only';
import { clientIp } from '@/lib/infra/rate-limit';
import type { Actor } from './record-audit';

/** The acting admin of a request: their id and their address (the peer, or the trusted proxy's entry). */
export function actorFrom(user: { id: number }, req: Request): Actor {
  const ip = clientIp(req);
  return { id: user.id, ip: ip === 'unknown' ? null : ip };
}
