/**
 * The access table of issues #10 and #14: every API route × {visitor, user, another user, admin
 * account through the customer login, admin} and the status each must get, and the auth level
 * the route declares to the route wrapper. "user" is customer A, who owns a real order, payment
 * and subscription; "other" is customer B asking for A's things (IDOR); "adminPlain" is the admin
 * account with a plain-login (user-kind) token, which gets 403 on every admin route and is a
 * customer everywhere else (§6: the admin area is reached through the admin token); "admin" holds
 * the admin-login token. Checked by test/access/access-table.test.ts (route handlers) and, for the
 * rows marked `overHttp`, by e2e/two-node.spec.ts (built server).
 */
import { allServices, PLATFORM_REGISTRY } from '@/platforms';

export type Role = 'visitor' | 'user' | 'other' | 'adminPlain' | 'admin';
export const ROLES: Role[] = ['visitor', 'other', 'adminPlain', 'user', 'admin'];
export type Statuses = Record<Role, number>;
export type Ids = { a: number; b: number; admin: number; order: string; paymentId: number; intentId: string; subscriptionId: number; announcementId: number; discountId: number; ticketId: number; ticketToCloseId: number; notificationId: number; watchId: number; watchToDeleteId: number };
/**
 * What the route declares to route() (app/api/_lib/route.ts). Two routes do not use the wrapper,
 * each for a reason given in ROUTES_WITHOUT_WRAPPER.
 */
export type Auth = 'public' | 'optional' | 'user' | 'admin' | 'apiKey' | 'next-auth' | 'bare';
export type Entry = Statuses & {
  auth: Auth;
  params?: (ids: Ids) => Record<string, string | string[]>;
  body?: (ids: Ids) => unknown;
  query?: string;
  /** Several concrete paths of one route file (the registry's routes): each must answer as the row says. */
  cases?: (ids: Ids) => Record<string, string>[];
  /** Only callable inside Next's request scope: checked over HTTP by e2e/two-node.spec.ts. */
  overHttp?: boolean;
  /** Why this row looks the way it does, when it is not obvious. */
  why?: string;
};

/**
 * The routes that do not go through route(), and why. The access-table test fails for any other
 * route.ts whose handlers were not made by route().
 */
export const ROUTES_WITHOUT_WRAPPER: Record<string, string> = {
  '/api/auth/[...nextauth]':
    'next-auth’s own endpoints (session, csrf, callback/token, signout): next-auth must answer them itself, with its cookies, redirects and CSRF check; they read no body of ours and grant nothing but the cookie session made from a token that /api/auth/login issued.',
  '/api/bench-bare':
    'the benchmark baseline (npm run bench) measures a bare Next.js handler without our wrapper; it is off (404) unless BENCH_ROUTES=1, reads no session, no input and no database.',
};

/** Admin-only routes: a visitor is asked to log in, everyone else without an admin session is refused. */
const adminOnly = (admin: number, extra: Partial<Entry> = {}): Entry => ({ auth: 'admin', visitor: 401, user: 403, other: 403, adminPlain: 403, admin, ...extra });
/** Routes for any logged-in account. */
/** Every send path of the registry as route params, and the quote paths of the services paid by followers. */
const sendCases = () => allServices().map(({ platform, service }) => ({ platform: platform.key, service: service.path }));
const quoteCases = () => allServices().filter(({ service }) => service.paidByFollowers).map(({ platform, service }) => ({ platform: platform.key, service: service.path }));

const loggedIn = (status: number, extra: Partial<Entry> = {}): Entry => ({ auth: 'user', visitor: 401, user: status, other: status, adminPlain: status, admin: status, ...extra });
/** Public routes: the same for everyone. */
const everyone = (status: number, extra: Partial<Entry> = {}): Entry => ({ auth: 'public', visitor: status, user: status, other: status, adminPlain: status, admin: status, ...extra });

/** One of A's tickets through the customer routes: 404 to everyone else, the admin included. */
const ownTicket = (status: number, id: (ids: Ids) => number, extra: Partial<Entry> = {}): Entry => ({
  auth: 'user',
  visitor: 401,
  user: status,
  other: 404,
  adminPlain: 404,
  admin: 404,
  params: (i) => ({ id: String(id(i)) }),
  ...extra,
});

const NONE = '2147483000';
const EMPTY = () => ({});

export const TABLE: Record<string, Entry> = {
  // Unknown API paths: the JSON 404 of the catch-all, whoever asks.
  'GET /api/[...slug]': everyone(404, { params: () => ({ slug: ['nope'] }) }),
  'POST /api/[...slug]': everyone(404, { params: () => ({ slug: ['nope'] }) }),
  'PUT /api/[...slug]': everyone(404, { params: () => ({ slug: ['nope'] }) }),
  'PATCH /api/[...slug]': everyone(404, { params: () => ({ slug: ['nope'] }) }),
  'DELETE /api/[...slug]': everyone(404, { params: () => ({ slug: ['nope'] }) }),

  // §7 admin history (also reachable under the doubled /api/api prefix the spec's client uses).
  'GET /api/api/islem-gecmisi/stats/user/[userId]': adminOnly(200, { params: (i) => ({ userId: String(i.a) }) }),
  'GET /api/api/islem-gecmisi/user/[userId]/service/[service]': adminOnly(200, { params: (i) => ({ userId: String(i.a), service: 'like' }) }),
  'GET /api/api/users': adminOnly(200),
  'GET /api/islem-gecmisi/stats/user/[userId]': adminOnly(200, { params: (i) => ({ userId: String(i.a) }) }),
  'GET /api/islem-gecmisi/user/[userId]/service/[service]': adminOnly(200, { params: (i) => ({ userId: String(i.a), service: 'like' }) }),
  'GET /api/islem-gecmisi/stats/benim/platform/[platform]': loggedIn(200, { params: () => ({ platform: 'twitter' }) }),
  'GET /api/audit-log': adminOnly(200),

  // Accounts. Bodies are empty: the answer is the validation refusal, the same for everyone.
  'POST /api/auth/admin-login': everyone(400, { body: EMPTY }),
  'POST /api/auth/forgot-password': everyone(400, { body: EMPTY }),
  'POST /api/auth/login': everyone(400, { body: EMPTY }),
  'POST /api/auth/register': everyone(400, { body: EMPTY }),
  'POST /api/auth/reset-password': everyone(400, { body: EMPTY }),
  'GET /api/auth/verify-reset-token/[token]': everyone(400, { params: () => ({ token: 'not-a-token' }) }),
  'POST /api/auth/logout': everyone(200, { auth: 'optional' }),
  'POST /api/auth/logout-all': loggedIn(200, { why: 'revokes the caller’s own sessions only (tokens are minted afresh per request here)' }),
  'GET /api/auth/verify': loggedIn(200),
  // next-auth's own endpoints read cookies() and run only inside Next's request scope: they are
  // requested over HTTP from the built server in e2e/two-node.spec.ts, with these statuses.
  'GET /api/auth/[...nextauth]': everyone(200, { auth: 'next-auth', overHttp: true, params: () => ({ nextauth: ['session'] }), why: 'the session of the cookie; a bearer token is not a session here' }),
  'POST /api/auth/[...nextauth]': everyone(302, { auth: 'next-auth', overHttp: true, params: () => ({ nextauth: ['signout'] }), why: 'next-auth sends a POST without its CSRF token to its sign-out page; nothing is signed out' }),
  'PUT /api/users/profile/me': loggedIn(400, { body: EMPTY }),
  // Two-factor sign-in: the caller's own account only (there is no id to ask for another's).
  'GET /api/auth/2fa': loggedIn(200),
  'POST /api/auth/2fa/setup': loggedIn(200, { why: 'a pending secret of the caller’s own account; changes nothing until enabled' }),
  'POST /api/auth/2fa/enable': loggedIn(400, { body: EMPTY }),
  'POST /api/auth/2fa/disable': loggedIn(400, { body: EMPTY }),
  'POST /api/auth/login/2fa': everyone(400, { body: EMPTY }),
  'POST /api/auth/login/unlock': everyone(400, { body: EMPTY }),

  // Money of the caller.
  'GET /api/bakiye/kullanici-bakiye': loggedIn(200),
  'GET /api/payment/config': everyone(200),
  'GET /api/payment/payments': loggedIn(200),
  'GET /api/payment/payments/[id]': { auth: 'user', visitor: 401, user: 200, other: 404, adminPlain: 404, admin: 404, params: (i) => ({ id: String(i.paymentId) }), why: 'a receipt is its payer’s only' },
  'POST /api/payment/confirm-payment': { auth: 'user', visitor: 401, user: 200, other: 404, adminPlain: 404, admin: 404, body: (i) => ({ paymentIntentId: i.intentId }), why: 'A’s own: already credited, nothing happens again' },
  'POST /api/payment/test-card/confirm': { auth: 'user', visitor: 401, user: 409, other: 404, adminPlain: 404, admin: 404, body: (i) => ({ paymentIntentId: i.intentId, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', cardholderName: 'A' }), why: 'A’s intent is already captured' },
  'POST /api/payment/test-card/authenticate': { auth: 'user', visitor: 401, user: 409, other: 404, adminPlain: 404, admin: 404, body: (i) => ({ paymentIntentId: i.intentId, approve: true }), why: 'A’s intent needs no 3-D Secure step' },
  'POST /api/payment/create-payment-intent': loggedIn(400, { body: EMPTY }),
  'POST /api/payment/quote': loggedIn(400, { body: EMPTY }),
  'POST /api/payment/webhook': everyone(404, { body: EMPTY, why: 'no Stripe keys: the endpoint does not exist' }),
  'POST /api/indirim-kodlari/validate': loggedIn(400, { body: EMPTY }),

  // Orders.
  'GET /api/operations/[taskId]': { auth: 'user', visitor: 401, user: 200, other: 404, adminPlain: 404, admin: 200, params: (i) => ({ taskId: i.order }) },
  'POST /api/operations/[taskId]/cancel': loggedIn(404, { params: () => ({ taskId: '00000000-0000-4000-8000-000000000000' }), why: 'an unknown order for everyone (cancelling A\'s real order would change the rows after it); owner, admin and the race are in lib/domain/operations/schedule.test.ts' }),
  'GET /api/operations/[taskId]/repeat': { auth: 'user', visitor: 401, user: 200, other: 404, adminPlain: 404, admin: 404, params: (i) => ({ taskId: i.order }), why: 'a repeat sends as the order’s owner: only A gets A’s order as a draft, an admin session included (issue #36 item 4)' },
  'GET /api/users/transactions/me': loggedIn(200),
  'GET /api/users/limits/me': loggedIn(200),
  'GET /api/users/subscriptions/me': loggedIn(200, { why: 'each caller gets their own packages (the pricing page’s current plan)' }),
  'GET /api/users/me/viewer': everyone(200, { auth: 'optional', why: '`viewer: null` for a visitor (the app shell then shows the visitor’s header); the caller’s own account parts otherwise' }),
  'GET /api/kullanici-paketleri/[id]': { auth: 'user', visitor: 401, user: 200, other: 403, adminPlain: 403, admin: 200, params: (i) => ({ id: String(i.a) }) },
  // The registry's routes (app/api/_lib/platform-routes.ts): each row holds for every concrete path.
  'POST /api/[platform]/[service]': loggedIn(400, { body: EMPTY, cases: () => sendCases() }),
  'GET /api/[platform]/[service]': everyone(404, { cases: () => [...sendCases(), { platform: 'nope', service: 'like' }], why: 'only POST sends; any other method, like any path without a handler, is the JSON 404' }),
  'PUT /api/[platform]/[service]': everyone(404, { cases: () => sendCases() }),
  'PATCH /api/[platform]/[service]': everyone(404, { cases: () => sendCases() }),
  'DELETE /api/[platform]/[service]': everyone(404, { cases: () => sendCases() }),
  'POST /api/[platform]/[service]/quote': loggedIn(400, { body: EMPTY, cases: () => quoteCases() }),
  'GET /api/[platform]/profiles': everyone(200, { cases: () => PLATFORM_REGISTRY.map((p) => ({ platform: p.key })) }),
  'GET /api/[platform]/profiles/match': everyone(400, {
    cases: () => PLATFORM_REGISTRY.map((p) => ({ platform: p.key })),
    why: 'public like the profile list (visitors see the match score too); without a link it is a 400, so the row never calls the provider',
  }),

  // Public catalogue and settings; their writes are the admin's.
  'GET /api/platformlar': everyone(200, { auth: 'optional', why: 'endpoint URLs only for an admin session (checked apart)' }),
  'PUT /api/platformlar/[platform]': adminOnly(400, { params: () => ({ platform: 'twitter' }), body: () => ({ aktif: 'maybe' }) }),
  'GET /api/paketler': everyone(200),
  'POST /api/paketler': adminOnly(400, { body: EMPTY }),
  'PUT /api/paketler/[id]': adminOnly(400, { params: () => ({ id: NONE }), body: EMPTY, why: 'route() checks the body before the package is looked up' }),
  'DELETE /api/paketler/[id]': adminOnly(404, { params: () => ({ id: NONE }) }),
  'GET /api/site-ayar': everyone(200, { auth: 'optional', why: 'the send rules only for an admin session (checked apart)' }),
  'PUT /api/site-ayar': adminOnly(400, { body: EMPTY }),
  'GET /api/duyurular': everyone(200),
  'POST /api/duyurular': adminOnly(400, { body: EMPTY }),
  'GET /api/duyurular/admin': adminOnly(200),
  'PUT /api/duyurular/[id]': adminOnly(400, { params: (i) => ({ id: String(i.announcementId) }), body: EMPTY }),
  'DELETE /api/duyurular/[id]': adminOnly(404, { params: () => ({ id: NONE }) }),
  'GET /api/indirim-kodlari': adminOnly(200),
  'POST /api/indirim-kodlari': adminOnly(400, { body: EMPTY }),
  'PUT /api/indirim-kodlari/[id]': adminOnly(200, { params: (i) => ({ id: String(i.discountId) }), body: EMPTY, why: 'a partial update: fields left out keep their value' }),
  'DELETE /api/indirim-kodlari/[id]': adminOnly(404, { params: () => ({ id: NONE }) }),
  'POST /api/contact': everyone(400, { body: EMPTY }),

  // Users and their subscriptions (admin).
  'GET /api/users': adminOnly(200),
  'POST /api/users': adminOnly(400, { body: EMPTY }),
  'PUT /api/users/[id]': adminOnly(400, { params: (i) => ({ id: String(i.a) }), body: EMPTY }),
  'DELETE /api/users/[id]': adminOnly(404, { params: () => ({ id: NONE }) }),
  'GET /api/users/with-packages': adminOnly(200),
  'POST /api/kullanici-paketleri': adminOnly(400, { body: EMPTY }),
  'PUT /api/kullanici-paketleri/[id]/cancel': adminOnly(404, { params: () => ({ id: NONE }) }),
  'PUT /api/kullanici-paketleri/[id]/reset-limits': adminOnly(404, { params: () => ({ id: NONE }) }),

  // Crews and bulk orders (issue #36 items 3 and 5): the caller's own; another customer's crew is the same 404.
  'GET /api/crews': loggedIn(200),
  'POST /api/crews': loggedIn(400, { body: EMPTY }),
  'GET /api/crews/[id]': loggedIn(404, { params: () => ({ id: NONE }), why: 'only the caller’s own crews (app/api/crews/crews.test.ts)' }),
  'PUT /api/crews/[id]': loggedIn(400, { params: () => ({ id: NONE }), body: EMPTY }),
  'DELETE /api/crews/[id]': loggedIn(404, { params: () => ({ id: NONE }) }),
  'POST /api/orders/bulk': loggedIn(400, { body: EMPTY }),

  // Reseller API (issue #16): keys of the caller, the admin's view of every key, and the protocol.
  'GET /api/api-keys': loggedIn(200),
  'POST /api/api-keys': loggedIn(400, { body: EMPTY }),
  'DELETE /api/api-keys/[id]': loggedIn(404, { params: () => ({ id: NONE }), why: 'only the caller’s own keys; another user’s key is the same 404 (lib/domain/api-keys/api-keys.test.ts)' }),
  'POST /api/api-keys/[id]/rotate': loggedIn(400, { params: () => ({ id: NONE }), body: EMPTY }),
  'GET /api/api-keys/[id]/webhook': loggedIn(404, { params: () => ({ id: NONE }) }),
  'PUT /api/api-keys/[id]/webhook': loggedIn(400, { params: () => ({ id: NONE }), body: EMPTY }),
  'POST /api/api-keys/[id]/webhook/test': loggedIn(404, { params: () => ({ id: NONE }) }),
  'GET /api/api-keys/admin': adminOnly(200),
  'DELETE /api/api-keys/admin/[id]': adminOnly(404, { params: () => ({ id: NONE }) }),
  // Profile health (issue #17).
  'GET /api/admin/profiles': adminOnly(200),
  'PUT /api/admin/profiles/[id]': adminOnly(404, { params: () => ({ id: NONE }), body: () => ({ status: 'active' }) }),
  'PUT /api/admin/profiles/[id]/audience': adminOnly(404, { params: () => ({ id: NONE }), body: () => ({ languages: ['tr'], country: 'TR', niches: ['news'], verified: false }) }),
  'DELETE /api/admin/profiles/[id]/audience': adminOnly(404, { params: () => ({ id: NONE }) }),
  // Stuck orders (issue #17): a UUID nobody has is 404.
  'GET /api/admin/orders/stuck': adminOnly(200),
  // Issue #38 item 4: the public status page's JSON and feed, and the admins' incident notes and probe.
  'GET /api/status': everyone(200, { why: 'the public status page as JSON: figures of all customers together, nothing of any one' }),
  'GET /api/status/feed': everyone(200, { why: 'the status page’s incidents as an Atom feed' }),
  'PUT /api/admin/status/incidents/[id]': adminOnly(404, { params: () => ({ id: NONE }), body: EMPTY }),
  'POST /api/admin/status/probe': adminOnly(200),
  'GET /api/admin/analytics': adminOnly(200),
  'GET /api/admin/export/[kind]': adminOnly(200, { params: () => ({ kind: 'users' }) }),
  'POST /api/admin/orders/[id]/end': adminOnly(404, { params: () => ({ id: '00000000-0000-4000-8000-000000000000' }) }),
  'POST /api/admin/orders/[id]/retry': adminOnly(404, { params: () => ({ id: '00000000-0000-4000-8000-000000000000' }) }),
  'GET /api/health': everyone(200, { why: 'for load balancers and uptime monitors: whether this node reaches its database; says nothing else' }),
  'GET /api/openapi.json': everyone(200, { why: 'the OpenAPI description of every route, generated from what the handlers declare' }),
  'POST /api/v2': everyone(200, {
    auth: 'apiKey',
    body: EMPTY,
    why: 'the reseller protocol (app/api/_lib/api-key-route.ts): the API key is the credential, not a session; no key is the same INVALID_API_KEY for everyone, answered with HTTP 200 as the protocol answers every refusal (issue #33 item 2)',
  }),
  'GET /api/v2': everyone(200, { why: 'says to use POST, in the protocol shape (USE_POST)' }),

  // Support tickets and notifications (issue #18): A's ticket is 404 to everyone else on the customer
  // routes (the admin works tickets through /api/tickets/admin); the unsubscribe link needs no login.
  // Issue #37: A's watches; another customer's watch is 404 (also to the admin, through the customer routes).
  'GET /api/watches': loggedIn(200),
  'POST /api/watches': loggedIn(400, { body: EMPTY }),
  'GET /api/watches/[id]': ownTicket(200, (i) => i.watchId),
  'PATCH /api/watches/[id]': ownTicket(200, (i) => i.watchId, { body: () => ({ max_posts_per_day: 3 }) }),
  'DELETE /api/watches/[id]': ownTicket(200, (i) => i.watchToDeleteId),
  'POST /api/watches/[id]/pause': ownTicket(200, (i) => i.watchId, { why: 'pausing twice changes nothing' }),
  'POST /api/watches/[id]/resume': ownTicket(200, (i) => i.watchId, { why: 'resuming an active watch changes nothing' }),
  // Issue #37 item 5: the operators' view of every watch; a customer gets 403 (the admin area), as every admin route.
  'GET /api/admin/watches': adminOnly(200),
  'GET /api/admin/watches/[id]': adminOnly(200, { params: (i) => ({ id: String(i.watchId) }) }),
  'POST /api/admin/watches/[id]/pause': adminOnly(404, { params: () => ({ id: NONE }), why: 'an unknown watch: the real one is paused in lib/domain/watches/admin-watches.test.ts' }),
  'POST /api/admin/watches/[id]/resume': adminOnly(404, { params: () => ({ id: NONE }) }),
  'GET /api/tickets': loggedIn(200),
  'POST /api/tickets': loggedIn(400, { body: EMPTY }),
  'GET /api/tickets/[id]': ownTicket(200, (i) => i.ticketId),
  'POST /api/tickets/[id]/messages': ownTicket(201, (i) => i.ticketId, { body: () => ({ message: 'Any news?' }) }),
  'POST /api/tickets/[id]/close': ownTicket(200, (i) => i.ticketToCloseId, { why: 'closing twice changes nothing' }),
  'POST /api/tickets/[id]/reopen': ownTicket(200, (i) => i.ticketToCloseId, { why: 'reopening an open ticket changes nothing' }),
  'GET /api/tickets/admin': adminOnly(200),
  'GET /api/tickets/admin/[id]': adminOnly(200, { params: (i) => ({ id: String(i.ticketId) }) }),
  'POST /api/tickets/admin/[id]/messages': adminOnly(201, { params: (i) => ({ id: String(i.ticketId) }), body: () => ({ message: 'We are on it.' }) }),
  'POST /api/tickets/admin/[id]/close': adminOnly(404, { params: () => ({ id: NONE }) }),
  'PUT /api/tickets/admin/[id]/assign': adminOnly(400, { params: (i) => ({ id: String(i.ticketId) }), body: EMPTY }),
  'GET /api/notifications': loggedIn(200, { why: 'the caller’s own notifications only' }),
  'POST /api/comment-drafts': loggedIn(400, { body: EMPTY, why: 'drafts are the caller’s own (comment_drafts.user_id); an empty body is refused before the provider is asked (issue #36 item 6)' }),
  'POST /api/notifications/read': loggedIn(200, { body: (i) => ({ ids: [i.notificationId] }), why: 'only the caller’s own change: B naming A’s notification marks nothing (lib/domain/notifications/notifications.test.ts)' }),
  'GET /api/notifications/preferences': loggedIn(200),
  'PUT /api/notifications/preferences': loggedIn(400, { body: () => ({ low_balance_cents: -1 }) }),
  'POST /api/notifications/unsubscribe': everyone(400, { body: EMPTY, why: 'the signed link is the credential' }),

  // The benchmark baseline answers only when BENCH_ROUTES=1 (never in tests or production).
  'GET /api/bench-bare': everyone(404, { auth: 'bare' }),
};
