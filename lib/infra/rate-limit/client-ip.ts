import 'server-only';
import { env } from '@/env';

/**
 * The caller's address for per-IP limits. server.ts writes the socket's peer address into
 * `x-etk-peer` (replacing anything a client sent). Behind a reverse proxy (TRUST_PROXY=1) the
 * right-most X-Forwarded-For entry, the one our proxy appended, is used instead.
 */
export function clientIp(req: Request): string {
  if (env.TRUST_PROXY === '1') {
    const forwarded = req.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return normalize(last);
  }
  const peer = req.headers.get('x-etk-peer');
  return peer ? normalize(peer) : 'unknown';
}

function normalize(ip: string): string {
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) is the same caller as 1.2.3.4.
  return ip.replace(/^::ffff:/i, '').slice(0, 64);
}
