import type { LimitView, PerActionView } from '@/components/service/types';

/** A signed-in viewer's account parts: what the header, the help form and the sends need. */
export type ViewerAccount = { isAdmin: boolean; socketToken: string | null };
/** What the page's service needs of the account, answered with the viewer in the app shell. */
export type ShellServiceData = { service: string; limits: LimitView | null; balanceCents: number | null; perAction?: PerActionView | null };

/**
 * Who is looking at the page:
 * - `visitor` / `member`: as the server rendered the page for this request;
 * - `pending`: the signed-in app shell (server/page-cache.ts), one document for every customer,
 *   until GET /api/users/me/viewer answers (then `member`, or `visitor` for an ended session).
 */
export type ViewerState = { phase: 'visitor' } | { phase: 'pending' } | { phase: 'member'; account: ViewerAccount; page?: ShellServiceData };

/** The service of a /service/{service} path, or undefined. */
export function serviceOfPath(pathname: string): string | undefined {
  return /^\/service\/([a-z_]{1,40})\/?$/.exec(pathname)?.[1];
}

/** The viewer of a GET /api/users/me/viewer answer. */
export function viewerFromAnswer(body: Record<string, unknown>, service: string | undefined): ViewerState {
  const viewer = body.viewer as { isAdmin?: unknown; socketToken?: unknown } | null | undefined;
  if (!viewer || typeof viewer !== 'object') return { phase: 'visitor' };
  const account: ViewerAccount = { isAdmin: viewer.isAdmin === true, socketToken: typeof viewer.socketToken === 'string' ? viewer.socketToken : null };
  if (!service || body.service !== service) return { phase: 'member', account };
  const cents = typeof body.bakiye_cents === 'number' ? body.bakiye_cents : null;
  const ppa = body.pay_per_action as { price_cents?: unknown; max_profiles?: unknown } | null | undefined;
  const perAction = ppa && typeof ppa.price_cents === 'number' && typeof ppa.max_profiles === 'number' ? { priceCents: ppa.price_cents, maxProfiles: ppa.max_profiles } : null;
  return { phase: 'member', account, page: { service, limits: (body.limitInfo as LimitView | null) ?? null, balanceCents: cents, ...('pay_per_action' in body ? { perAction } : {}) } };
}
