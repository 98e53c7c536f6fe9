import { z } from 'zod';
import { tokenForSessionUser } from '@/auth';
import { getLimitInfo } from '@/lib/domain/operations';
import { getBalanceCents } from '@/lib/domain/balance';
import { activeActionPrice } from '@/lib/domain/pricing/action-prices';
import { normalizeService, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { exemptFromLimits } from '@/lib/domain/credentials';
import { text } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const query = z.object({ service: text({ max: 40 }).optional() });

/**
 * GET /api/users/me/viewer?service= — who is looking at the page, for the signed-in app shell
 * (server/page-cache.ts, docs/decisions.md "The app shell"): a customer's service, pricing and
 * policy pages are one document for every customer, and the page asks this for its account parts.
 *
 * `viewer: null` for a visitor, an ended session or a cross-site request (not a 401: "nobody" is
 * the answer, and the page then shows the visitor's header). Otherwise `viewer: {isAdmin,
 * socketToken}` (`isAdmin`: an admin session, shown no caps or limits, exemptFromLimits; the admin
 * account through the customer login is a customer; `socketToken`: the bearer token of the page's
 * live connection) and, with `service`, that service's `limitInfo` (as GET /api/users/limits/me),
 * its `pay_per_action` price (`{price_cents, max_profiles}` or null; issue #33 item 7) and, on
 * new_tweet or a pay-per-action service, `bakiye_cents`.
 */
export const GET = route({ auth: 'optional', query }, async ({ req, db, user, query }) => {
  const service = query.service ? normalizeService(query.service) : undefined;
  if (query.service && !service) throw new AppError('INVALID_SERVICE');
  // A page of another site cannot read this answer (no CORS), but it is not sent one either.
  if (!user || req.headers.get('sec-fetch-site') === 'cross-site') return ok({ viewer: null });
  const [socketToken, limitInfo, perAction] = await Promise.all([
    tokenForSessionUser(user),
    service ? getLimitInfo(db, user, service) : null,
    service ? activeActionPrice(db, service) : null,
  ]);
  const bakiyeCents = (service !== undefined && isPaidByFollowers(service)) || perAction ? await getBalanceCents(db, user.id) : null;
  return ok({
    viewer: { isAdmin: exemptFromLimits(user), socketToken },
    ...(service ? { service, limitInfo, pay_per_action: perAction ? { price_cents: perAction.priceCents, max_profiles: perAction.maxProfiles } : null } : {}),
    ...(bakiyeCents !== null ? { bakiye_cents: bakiyeCents } : {}),
  });
});
