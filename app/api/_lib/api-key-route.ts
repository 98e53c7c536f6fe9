import type { z } from 'zod';
import { getDb, type Db } from '@/db/client';
import { authenticateApiKeyRequest, type Prefetch } from '@/lib/api-keys';
import type { AuthUser } from '@/lib/auth';
import { AppError } from '@/lib/errors';
import { translate } from '@/lib/i18n/translate';
import { isCleanText } from '@/lib/validation';
import type { Locale } from '@/lib/i18n/routing';
import { clientIp, rateLimited } from '@/lib/rate-limit';
import { failFast } from '@/db/reachability';
import { fail, readText, requestLocale, unavailable, type RouteContext, type RouteHandler } from './route';

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
 *   lib/rate-limit): over it, 429 RATE_LIMITED with Retry-After;
 * - a success is the handler's value as JSON, without the `{success: true}` envelope, and an
 *   error is `{"error": "<localized text>", "code": "<CODE>", …params}`, built from the very
 *   answer route()'s fail() gives (same codes, statuses, messages and logging).
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
    try {
      // As route(): the database has been out of reach for seconds, answer now (db/reachability.ts).
      if (failFast()) throw unavailable();
      const fields = await readFields(req);
      const db = await getDb();
      // The key and its request budget in one statement (lib/api-keys: authenticateApiKeyRequest),
      // with the handler's read when the spec can tell it from the raw fields.
      const prefetch = spec.prefetch?.(fields);
      const caller = await authenticateApiKeyRequest(db, fields.key ?? req.headers.get('x-api-key'), undefined, prefetch?.read);
      if (!caller) throw new AppError('INVALID_API_KEY');
      if (!caller.hit.allowed) throw rateLimited(caller.hit.retryAfterSeconds);
      delete fields.key;
      // route()'s backstop: no string anywhere (keys included) with a NUL or a lone surrogate.
      if (!Object.entries(fields).every(([k, v]) => isCleanText(k) && isClean(v))) throw new AppError('VALIDATION_FAILED');
      if (spec.actions && !spec.actions.includes(String(fields.action ?? ''))) throw new AppError('UNKNOWN_ACTION');
      const input = spec.body.parse(fields);
      const prefetched = prefetch ? { of: prefetch.of, text: caller.also } : undefined;
      const data = await fn({ req, db, user: caller.user, keyId: caller.keyId, input, locale: requestLocale(req), ip: clientIp(req), prefetched });
      if (data instanceof JsonText) return new Response(data.text, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
      return Response.json(data ?? {}, { headers: { 'cache-control': 'no-store' } });
    } catch (err) {
      return protocolError(err, req);
    }
  };
  return Object.assign(handler, { auth: 'apiKey' as const, spec });
}

/**
 * An answer that is JSON text already (the order views PostgreSQL makes, lib/order-view), sent as
 * it is instead of being parsed and serialized again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** route()'s error answer in the protocol's shape: `mesaj` becomes `error`, `success` goes. */
export async function protocolError(err: unknown, req: Request): Promise<Response> {
  const res = fail(err, req);
  const { success: _success, mesaj, ...rest } = (await res.json()) as Record<string, unknown>;
  void _success;
  return Response.json({ error: mesaj, ...rest }, { status: res.status, headers: res.headers });
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
