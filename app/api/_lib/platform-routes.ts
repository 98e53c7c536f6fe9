import { z } from 'zod';
import { allServices, PLATFORM_REGISTRY } from '@/platforms';
import { isPaidByFollowers, isPlatform, quotePath, sendPath, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { listProfiles, profilesResponse, readTargetInfo } from '@/lib/domain/profiles';

import { isLinkOf } from '@/lib/domain/operations/limits';
import { enforceRateLimit } from '@/lib/infra/rate-limit';
import { platformDescriptor } from '@/platforms';
import { newTweetQuoteSchema, quoteNewTweet, sendInputSchema, sendOperation } from '@/lib/domain/operations';
import { notifyDashboard } from '@/lib/infra/realtime';
import { centsToDecimal } from '@/lib/infra/money';
import { centsToDollars } from '@/lib/domain/pricing';
import { text } from '@/lib/infra/validation';
import { sendResponse } from '@/lib/domain/order-view/responses';
import { ok, route, type RouteHandler } from './route';

/*
 * The §7 routes of every platform, made from the registry (issue #34): the send of each service
 * (`POST /api/<platform>/<service path>`), each platform's public profile list and the price quote
 * of a service paid by followers. app/api/[platform]/… serves them under Next.js and
 * server/direct-routes.ts serves the sends directly; the paths and wire shapes are §7's.
 */

/**
 * One send (§7 "Service use", and POST /youtube/subscribe): login (401) → body (400) →
 * lib/domain/operations.sendOperation → `{success: true, task_id, order_number, charge}`: `order_number`
 * is the "#123" the panel shows (issue #33 item 1; task_id stays for compatibility); `charge` is
 * what the order took from the balance (USD text; "0.00" under a package), and `pay_per_action`
 * is true when it was paid per action (issue #33 item 7).
 */
function sendRoute(service: Service) {
  return route({ auth: 'user', body: sendInputSchema(service), response: sendResponse }, async ({ db, user, input }) => {
    const { taskId, orderNumber, priceCents, payPerAction } = await sendOperation(db, user, service, input);
    notifyDashboard();
    return ok({ task_id: taskId, order_number: orderNumber, charge: centsToDecimal(priceCents), ...(payPerAction ? { pay_per_action: true } : {}) });
  });
}

const profilesQuery = z.object({ platform: text({ max: 40 }).optional() });

/** GET /api/<platform>/profiles (`?platform=` picks another): the active profiles, shuffled (public). */
function profilesRoute(platform: Platform) {
  return route({ auth: 'public', query: profilesQuery, response: profilesResponse }, async ({ db, query }) => {
    const requested = query.platform ?? platform;
    if (!isPlatform(requested)) throw new AppError('PLATFORM_NOT_FOUND');
    return ok({ profiles: await listProfiles(db, requested) });
  });
}

/** The target facts the picker scores against (issue #36 item 2). */
const matchResponse = z.object({
  target: z
    .object({
      language: z.string().nullable().describe('ISO 639-1 code of the target’s language, or null when the provider could not tell.'),
      niche: z.string().nullable().describe('The target’s niche (a key of the niche taxonomy), or null when the provider could not tell.'),
    })
    .nullable()
    .describe('null when the provider cannot tell (it has no target-info call, or the call failed): the picker then scores without language and niche.'),
});

/**
 * GET /api/<platform>/profiles/match?link=… (public, like the profile list; 30 a minute per
 * address): the target's language and niche from the provider's optional `target_info` call, for
 * the picker's match score (lib/domain/audience/match-score.ts, computed in the browser).
 */
function matchRoute(platform: Platform) {
  const descriptor = platformDescriptor(platform)!;
  const query = z.object({
    link: text({ max: 2000 })
      .min(1, { message: descriptor.linkMessage })
      .refine((v) => isLinkOf(platform, v) || isLinkOf(platform, v, 'account'), { message: descriptor.linkMessage }),
  });
  return route({ auth: 'public', query, response: matchResponse }, async ({ db, query, ip }) => {
    await enforceRateLimit(db, { key: `target-info:${ip}`, limit: 30, windowSeconds: 60 });
    return ok({ target: await readTargetInfo(db, platform, query.link) });
  });
}

/**
 * POST <send path>/quote {profile_ids}: the server's price of a post by these profiles, one line
 * per profile with its §9 follower tier, the total and the caller's balance before and after. The
 * confirmation shows it as is; amounts in dollars and in cents.
 */
const quoteRoute = route({ auth: 'user', body: newTweetQuoteSchema }, async ({ db, user, input }) => {
  const quote = await quoteNewTweet(db, { userId: user.id, profileIds: input.profile_ids });
  return ok({
    kalemler: quote.lines.map((l) => ({
      profil_id: l.profileId,
      kullanici_adi: l.username,
      takipci_sayisi: l.followers,
      kademe_min: l.tierMin,
      kademe_max: l.tierMax,
      fiyat: centsToDollars(l.priceCents),
      fiyat_cents: l.priceCents,
    })),
    toplam: centsToDollars(quote.totalCents),
    toplam_cents: quote.totalCents,
    bakiye: centsToDollars(quote.balanceCents),
    bakiye_cents: quote.balanceCents,
    kalan_bakiye: centsToDollars(quote.balanceAfterCents),
    kalan_bakiye_cents: quote.balanceAfterCents,
  });
});

const services = allServices().map(({ service }) => service.key as Service);

/** Every send path and its handler. */
export const SEND_ROUTES: ReadonlyMap<string, RouteHandler> = new Map(services.map((s) => [sendPath(s), sendRoute(s)]));

/** Every platform's profile list. */
export const PROFILE_ROUTES: ReadonlyMap<string, RouteHandler> = new Map(PLATFORM_REGISTRY.map((p) => [`/api/${p.key}/profiles`, profilesRoute(p.key)]));

/** Every platform's match facts (issue #36 item 2). */
export const MATCH_ROUTES: ReadonlyMap<string, RouteHandler> = new Map(PLATFORM_REGISTRY.map((p) => [`/api/${p.key}/profiles/match`, matchRoute(p.key)]));

/** The quote of every service paid by followers. */
export const QUOTE_ROUTES: ReadonlyMap<string, RouteHandler> = new Map(services.filter(isPaidByFollowers).map((s) => [quotePath(s), quoteRoute]));

/** The send handler of one service (tests call it as they would its own route file). */
export function sendHandler(service: Service): RouteHandler {
  return SEND_ROUTES.get(sendPath(service))!;
}

/** The profile list handler of one platform. */
export function profilesHandler(platform: Platform): RouteHandler {
  return PROFILE_ROUTES.get(`/api/${platform}/profiles`)!;
}

/** The match facts handler of one platform. */
export function matchHandler(platform: Platform): RouteHandler {
  return MATCH_ROUTES.get(`/api/${platform}/profiles/match`)!;
}
