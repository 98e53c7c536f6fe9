import { ZodError, type z } from 'zod';
import { getDb, type Db } from '@/db/client';
import { failFast, noteDatabaseUnreachable, RETRY_AFTER_SECONDS } from '@/db/reachability';
import { isAdminSession, type AuthUser } from '@/lib/domain/credentials';
import { AppError, isAppError, isDatabaseUnavailable } from '@/lib/infra/errors';
import { isCleanText } from '@/lib/infra/validation';
import { logger } from '@/logger';
import { createRepeatGate } from '@/lib/infra/log-repeats';
import { clientIp } from '@/lib/infra/rate-limit';
import { localeFromRequest } from '@/lib/infra/i18n/locale-from-request';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import { sessionUser } from './auth';

/**
 * The one route wrapper (STYLE.md "Route handlers", issue #14 item 7). Every handler under
 * app/api declares what it needs and gets it parsed:
 *
 *   export const POST = route({ auth: 'user', body: schema }, async ({ db, user, input }) => ok({ … }, 201));
 *
 * It is the only place that reads the session, checks the role, parses the body, query and
 * route params, catches errors and builds `{ success:false, mesaj, code }`. Order: auth (401/403)
 * → params → query → body (400), so a visitor learns nothing about an admin route's input.
 *
 * auth: 'public'   no session is read; `user` is null.
 *       'optional' `user` is the caller or null.
 *       'user'     any logged-in account, else 401.
 *       'admin'    an admin session (isAdminSession: rol admin through admin login), else 401
 *                  for a visitor and 403 for anyone else, including an admin account's
 *                  plain-login token (§6: the admin area is reached through the admin token).
 * body:  a zod schema for the JSON body (at most 1 MB); 'raw' hands the handler the body text
 *        (same limit), for signatures computed on the exact bytes (the payment webhook); absent,
 *        the body is not read.
 *
 * Every string of a JSON body, the query and the route params, keys included, is checked before
 * its schema: one with a NUL or a lone surrogate is a 400 VALIDATION_FAILED (issue #14 item 4).
 * The schemas refuse them too (lib/infra/validation text()); this is the backstop for a field that
 * forgets, since such text fails in PostgreSQL or in a URL encoder with a 500.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export type AuthLevel = 'public' | 'optional' | 'user' | 'admin';
type BodySpec = z.ZodType | 'raw';

type UserOf<A extends AuthLevel> = A extends 'user' | 'admin' ? AuthUser : A extends 'optional' ? AuthUser | null : null;
type InputOf<B> = B extends 'raw' ? string : B extends z.ZodType ? z.output<B> : undefined;
type ParsedOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteSpec<A extends AuthLevel, B, Q, P> = {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Words for the OpenAPI description (app/api/_lib/openapi), e.g. what the answer's fields mean. */
  summary?: string;
  description?: string;
  /** The success answer's fields beside `success: true`, for the OpenAPI description only (not checked at run time). */
  response?: z.ZodType;
};

export type RouteArgs<A extends AuthLevel, B, Q, P> = {
  req: Request;
  db: Db;
  user: UserOf<A>;
  input: InputOf<B>;
  query: ParsedOf<Q>;
  params: ParsedOf<P>;
  locale: Locale;
  /** The client's address as the rate limits see it (lib/infra/rate-limit clientIp). */
  ip: string;
};

/** What Next.js calls: the request and a context whose params are a promise. */
export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

export function route<
  A extends AuthLevel,
  B extends BodySpec | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<A, B, Q, P>, fn: (args: RouteArgs<A, B, Q, P>) => Response | Promise<Response>): RouteHandler {
  const handler: RouteHandler = async (req, ctx) => {
    try {
      // The database has been out of reach for seconds: answer now rather than queue behind it.
      if (failFast()) throw unavailable();
      const user = spec.auth === 'public' ? null : await sessionUser(req);
      if (spec.auth === 'user' || spec.auth === 'admin') {
        if (!user) throw new AppError('UNAUTHORIZED');
        if (spec.auth === 'admin' && !isAdminSession(user)) throw new AppError('FORBIDDEN');
      }
      // parseAsync: some checks load their data on first use (the phone number, lib/infra/validation/phone.ts).
      const params = spec.params ? await spec.params.parseAsync(clean((await ctx?.params) ?? {})) : undefined;
      const query = spec.query ? await spec.query.parseAsync(clean(Object.fromEntries(new URL(req.url).searchParams))) : undefined;
      const input = spec.body === undefined ? undefined : spec.body === 'raw' ? await readText(req) : await spec.body.parseAsync(clean(await readJson(req)));
      return await fn({
        req,
        db: await getDb(),
        user: user as UserOf<A>,
        input: input as InputOf<B>,
        query: query as ParsedOf<Q>,
        params: params as ParsedOf<P>,
        locale: requestLocale(req),
        ip: clientIp(req),
      });
    } catch (err) {
      return fail(err, req);
    }
  };
  // The access table and the fuzz sweep read what each route declared.
  return Object.assign(handler, { auth: spec.auth, spec: spec as RouteSpec<AuthLevel, unknown, unknown, unknown> });
}

/** Success keeps the §7 field names at the top level. */
export function ok(data: Record<string, unknown> = {}, status = 200, headers?: HeadersInit): Response {
  return json({ success: true, ...data }, status, withNoStore(headers));
}

function withNoStore(headers?: HeadersInit): Headers {
  const h = new Headers(headers);
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return h;
}

/** Below this many bytes an answer is not worth a zlib stream (the `compression` package's threshold; server/direct-routes.ts too). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A JSON answer. Next compresses every route handler's answer (it streams them, so the
 * compression middleware never learns a length to compare with its 1 KB threshold); for a
 * 40-byte `{success, task_id}` that was a zlib stream per request, ~6 % of a send's CPU (issue
 * #19). A small answer says `no-transform`, which the middleware (and any proxy) respects.
 */
function json(body: unknown, status: number, headers: Headers): Response {
  const text = JSON.stringify(body);
  headers.set('content-type', 'application/json');
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) {
    const cacheControl = headers.get('cache-control');
    if (cacheControl && !/no-transform/i.test(cacheControl)) headers.set('cache-control', `${cacheControl}, no-transform`);
  }
  return new Response(text, { status, headers });
}

/** How long a client is asked to wait when the database is out of reach (the driver reconnects within a second or two of its return). */

/** The database is out of reach: 503 with how long to wait. */
export function unavailable(): AppError {
  return new AppError('TEMPORARILY_UNAVAILABLE', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
}

/** The "connection refused or lost" warning, once a minute however many requests meet it. */
const unavailableLogGate = createRepeatGate();

/** The only place that builds an error answer: `{success:false, mesaj, code}` in the request's language. */
export function fail(err: unknown, req: Request, locale: Locale = requestLocale(req)): Response {
  if (isAppError(err)) {
    const mesaj = translate(locale, `Errors.${err.code}`, err.params) ?? translate(locale, 'Errors.INTERNAL') ?? err.code;
    const headers = withNoStore(err.headers);
    return json({ success: false, mesaj, code: err.code, ...err.params, ...err.extra }, err.status, headers);
  }
  if (err instanceof ZodError) {
    const errors = err.issues.map((issue) => ({
      path: issue.path.join('.'),
      mesaj: messageOfIssue(locale, issue.message) ?? translate(locale, 'Errors.VALIDATION_FAILED') ?? 'invalid',
    }));
    const first = errors[0]?.mesaj ?? translate(locale, 'Errors.VALIDATION_FAILED');
    return json({ success: false, mesaj: first, code: 'VALIDATION_FAILED', errors }, 400, withNoStore());
  }
  if (isDatabaseUnavailable(err)) {
    noteDatabaseUnreachable();
    // A restart or failover of PostgreSQL: the client may retry in a moment (the driver
    // reconnects). Not a fault of this code, so a warning, without the error's query; one a
    // minute (db/reachability.ts says when the database went and came back).
    const seen = unavailableLogGate('unavailable');
    if (seen.log) {
      const code = (err as { code?: unknown }).code;
      logger.warn({ code, route: safePath(req), method: req.method, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, 'a connection was refused or lost (database restarting?)');
    }
    return fail(unavailable(), req, locale);
  }
  logger.error({ err, route: safePath(req), method: req.method }, 'unhandled error in route handler');
  return json({ success: false, mesaj: translate(locale, 'Errors.INTERNAL') ?? 'Internal error', code: 'INTERNAL' }, 500, withNoStore());
}

/** A zod message is a message key (`Validation.email_required`); a raw zod text falls back to the generic one. */
function messageOfIssue(locale: Locale, message: string): string | undefined {
  return /^[A-Z][A-Za-z]+\.[A-Za-z0-9_.]+$/.test(message) ? translate(locale, message) : undefined;
}

/** The request's language (?lng=, X-Locale, NEXT_LOCALE, Accept-Language); Turkish when unreadable. */
export function requestLocale(req: Request): Locale {
  try {
    return localeFromRequest(req);
  } catch {
    return 'tr';
  }
}

function safePath(req: Request): string {
  try {
    return new URL(req.url).pathname;
  } catch {
    return '?';
  }
}

/** The value itself, when no string in it (keys included) holds a NUL or a lone surrogate; else 400. */
function clean<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isCleanText(v)) throw new AppError('VALIDATION_FAILED');
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) stack.push(k, item);
    }
  }
  return value;
}

/** Reads the body as text, at most 1 MB (413 beyond, even without a Content-Length). */
export async function readText(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A body the client stops sending fails here with ECONNRESET/"aborted": that code also means a
    // lost database connection to fail(), which marked the database away for a request's fault.
    const { done, value } = await reader.read().catch(() => {
      throw new AppError('REQUEST_ABORTED');
    });
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON body of at most 1 MB; a missing or malformed one is a 400, a larger one a 413. */
async function readJson(req: Request): Promise<unknown> {
  if (!req.body) throw new AppError('MALFORMED_JSON');
  const text = await readText(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
}

/** Any /api path without its own handler: a JSON 404, never an HTML page (app/api/[...slug]). */
export const routeNotFound = route({ auth: 'public' }, () => {
  throw new AppError('ROUTE_NOT_FOUND');
});

/** A handler that serves several concrete paths of one template, each by its own route() handler. */
export type PathsHandler = RouteHandler & { auth: AuthLevel; paths: ReadonlyMap<string, RouteHandler> };

/**
 * One route file for every concrete path of a template whose segments come from data (issue #34:
 * `/api/[platform]/[service]` serves every service's §7 send path from the
 * platform registry). Each path keeps its own handler made by route(), so its auth, body schema and
 * answers are exactly those of a file of its own; a path not in `paths` answers as a path without
 * a handler does (404 ROUTE_NOT_FOUND). The access table and the OpenAPI description read `paths`.
 */
export function routeByPath(template: string, paths: ReadonlyMap<string, RouteHandler>): PathsHandler {
  const levels = new Set([...paths.values()].map((h) => (h as { auth?: AuthLevel }).auth));
  if (levels.size !== 1 || levels.has(undefined)) throw new Error(`routeByPath(${template}): every path needs one auth level declared to route()`);
  const handler: RouteHandler = async (req, ctx) => {
    const params = (await ctx?.params) ?? {};
    let path = template;
    for (const [name, value] of Object.entries(params)) path = path.replace(`[${name}]`, Array.isArray(value) ? value.join('/') : value);
    return (paths.get(path) ?? routeNotFound)(req, ctx);
  };
  return Object.assign(handler, { auth: [...levels][0]!, paths });
}
