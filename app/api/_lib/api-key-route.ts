import type { z } from 'zod';
import { getDb, type Db } from '@/db/client';
import { authenticateApiKeyRequest, type Prefetch } from '@/lib/domain/api-keys';
import type { AuthUser } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { translate } from '@/lib/infra/i18n/translate';
import { isCleanText } from '@/lib/infra/validation';
import { isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { baseLanguage, fromAcceptLanguage } from '@/lib/infra/i18n/locale-from-request';
import { clientIp, rateLimited } from '@/lib/infra/rate-limit';
import { failFast } from '@/db/reachability';
import { fail, readText, unavailable, type RouteContext, type RouteHandler } from './route';

/**
 * The wrapper of the reseller protocol (issue #16, docs/reseller-api.md): route()'s sibling for
 * callers that authenticate with an API key instead of a session. It differs from route() only
 * where the protocol does:
 *
 * - the body is form-encoded (`application/x-www-form-urlencoded` or `multipart/form-data`, what
 *   PHP's curl sends) or JSON; the key is its `key` field (or an `X-Api-Key` header);
 * - a missing, malformed, unknown or revoked key is one identical 401 INVALID_API_KEY, checked
 *   before the body is validated, so nothing about the input leaks to a caller without a key;
 * - each key has a request budget per minute shared by every node (PostgreSQL-backed
 *   lib/infra/rate-limit): over it, 429 RATE_LIMITED with Retry-After;
 * - a success is the handler's value as JSON, without the `{success: true}` envelope, and a
 *   refusal is `{"error": "<localized text>", "code": "<CODE>", …params}` with HTTP 200, as the
 *   protocol's tools read it (issue #33 item 2: they raise on a 4xx before reading the body), built
 *   from the very answer route()'s fail() gives (same codes, messages and logging). Only a body
 *   that cannot be read and a fault of ours keep their 4xx/5xx (PROTOCOL_HTTP_ERRORS);
 * - the language is the `lang` field (or query parameter), X-Locale or Accept-Language, and
 *   English when none names one of ours (issue #33 item 3: those tools send none).
 */
export type ApiKeyRouteArgs<B> = {
  req: Request;
  db: Db;
  /** The key's owner, acting as a customer. */
  user: AuthUser;
  keyId: number;
  input: B;
  locale: Locale;
  ip: string;
  /** What the spec's `prefetch` read with the key check, when it asked for something. */
  prefetched?: { of: string; text: string | null };
};

export type ApiKeyRouteSpec<S extends z.ZodType> = {
  body: S;
  /** For the OpenAPI description (app/api/_lib/openapi): what the route is and its answers. */
  summary?: string;
  description?: string;
  responses?: Record<string, z.ZodType>;
  errorResponse?: z.ZodType;
  /** The protocol's `action` values: any other (or none) is 400 UNKNOWN_ACTION before the body is validated. */
  actions?: readonly string[];
  /** From the raw fields: a read to do with the key check (Prefetch), or undefined. */
  prefetch?: (fields: Record<string, unknown>) => Prefetch | undefined;
};

export function apiKeyRoute<S extends z.ZodType>(spec: ApiKeyRouteSpec<S>, fn: (args: ApiKeyRouteArgs<z.output<S>>) => unknown | Promise<unknown>): RouteHandler {
  const handler = async (req: Request, _ctx: RouteContext): Promise<Response> => {
    let fields: Record<string, unknown> | undefined;
    let locale: Locale | undefined;
    try {
      // As route(): the database has been out of reach for seconds, answer now (db/reachability.ts).
      if (failFast()) throw unavailable();
      fields = await readFields(req);
      const db = await getDb();
      // The key and its request budget in one statement (lib/domain/api-keys: authenticateApiKeyRequest),
      // with the handler's read when the spec can tell it from the raw fields.
      const prefetch = spec.prefetch?.(fields);
      const caller = await authenticateApiKeyRequest(db, fields.key ?? req.headers.get('x-api-key'), undefined, prefetch?.read);
      if (!caller) throw new AppError('INVALID_API_KEY');
      if (!caller.hit.allowed) throw rateLimited(caller.hit.retryAfterSeconds);
      delete fields.key;
      locale = protocolLocale(req, fields);
      delete fields.lang;
      // route()'s backstop: no string anywhere (keys included) with a NUL or a lone surrogate.
      if (!Object.entries(fields).every(([k, v]) => isCleanText(k) && isClean(v))) throw new AppError('VALIDATION_FAILED');
      if (spec.actions && !spec.actions.includes(String(fields.action ?? ''))) throw new AppError('UNKNOWN_ACTION');
      const input = spec.body.parse(fields);
      const prefetched = prefetch ? { of: prefetch.of, text: caller.also } : undefined;
      const data = await fn({ req, db, user: caller.user, keyId: caller.keyId, input, locale, ip: clientIp(req), prefetched });
      if (data instanceof JsonText) return new Response(data.text, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
      return Response.json(data ?? {}, { headers: { 'cache-control': 'no-store' } });
    } catch (err) {
      return protocolError(err, req, locale ?? protocolLocale(req, fields));
    }
  };
  return Object.assign(handler, { auth: 'apiKey' as const, spec });
}

/**
 * An answer that is JSON text already (the order views PostgreSQL makes, lib/domain/order-view), sent as
 * it is instead of being parsed and serialized again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The codes that keep their HTTP status on the protocol: the body could not be read, or the fault
 * is ours. Every other refusal (a bad key, an unknown service, a bad link, the limits, the balance,
 * an unknown order, the request budget…) is HTTP 200 with `error` and `code` (issue #33 item 2).
 */
export const PROTOCOL_HTTP_ERRORS: ReadonlySet<string> = new Set(['MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'REQUEST_ABORTED', 'INTERNAL', 'TEMPORARILY_UNAVAILABLE']);

/** Parameters in USD: two decimals as text, like `balance` and `charge`. */
const MONEY_PARAMS = new Set(['required', 'current', 'minimum', 'charge', 'max_charge', 'price']);

/**
 * route()'s error answer in the protocol's shape: `mesaj` becomes `error`, `success` goes; the
 * waits (`seconds`, `remainingSeconds`) are `retry_after`; every number of a parameter is text, as
 * every count and money field of the protocol is ("12", "3.50"); `errors[]` are `{path, message}`.
 */
export async function protocolError(err: unknown, req: Request, locale: Locale = protocolLocale(req)): Promise<Response> {
  const res = fail(err, req, locale);
  const { success: _success, mesaj, code, errors, ...rest } = (await res.json()) as Record<string, unknown>;
  void _success;
  const body: Record<string, unknown> = { error: mesaj, code };
  for (const [key, value] of Object.entries(rest)) {
    const name = key === 'seconds' || key === 'remainingSeconds' ? 'retry_after' : key;
    body[name] = typeof value !== 'number' ? value : MONEY_PARAMS.has(name) ? value.toFixed(2) : String(value);
  }
  if (Array.isArray(errors)) body.errors = (errors as { path: string; mesaj: string }[]).map((e) => ({ path: e.path, message: e.mesaj }));
  return Response.json(body, { status: PROTOCOL_HTTP_ERRORS.has(String(code)) ? res.status : 200, headers: res.headers });
}

/**
 * The language of a protocol request: `lang` (a body field or a query parameter, `lng` too), then
 * X-Locale, then Accept-Language; English when none names tr, en or de. The site's language cookie
 * is not read: a script's cookie jar is not a choice of language.
 */
export function protocolLocale(req: Request, fields?: Record<string, unknown>): Locale {
  const url = new URL(req.url);
  for (const asked of [fields?.lang, url.searchParams.get('lang'), url.searchParams.get('lng'), req.headers.get('x-locale')]) {
    const base = typeof asked === 'string' ? baseLanguage(asked) : '';
    if (isLocale(base)) return base;
  }
  return fromAcceptLanguage(req.headers.get('accept-language')) ?? 'en';
}

/**
 * The request's fields as strings (the last value of a repeated name wins). A body that is
 * neither an object of JSON nor a readable form is MALFORMED_JSON / VALIDATION_FAILED as in route().
 */
async function readFields(req: Request): Promise<Record<string, unknown>> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const text = await readText(req);
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new AppError('MALFORMED_JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('MALFORMED_JSON');
    return { ...(parsed as Record<string, unknown>) };
  }
  if (type.includes('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(text, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    const out: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') out[name] = value;
    return out;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** A per-item error of a list answer (`orders`, `refills`): `{error, code}` in the request's language. */
export function itemError(err: AppError, locale: Locale): { error: string; code: string } {
  return { error: translate(locale, `Errors.${err.code}`, err.params) ?? err.code, code: err.code };
}

function isClean(value: unknown): boolean {
  if (typeof value === 'string') return isCleanText(value);
  if (Array.isArray(value)) return value.every(isClean);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => isCleanText(k) && isClean(v));
  return true;
}
