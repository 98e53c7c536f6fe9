import { ZodError, type z } from 'zod';
import { AppError, isAppError } from '@/lib/errors';
import { logger } from '@/lib/logger';
import { localeFromRequest } from '@/lib/i18n/locale-from-request';
import { translate } from '@/lib/i18n/translate';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The API conventions of every route handler (STYLE.md "Route handlers"):
 * auth → parse → one lib call → `ok(data)`; any throw becomes `fail(err)`.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;

/** Success keeps the §7 field names at the top level. */
export function ok(data: Record<string, unknown> = {}, status = 200, headers?: HeadersInit): Response {
  return Response.json({ success: true, ...data }, { status, headers: withNoStore(headers) });
}

function withNoStore(headers?: HeadersInit): Headers {
  const h = new Headers(headers);
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return h;
}

/** The only place that builds an error answer: `{success:false, mesaj, code}` in the request's language. */
export function fail(err: unknown, req: Request): Response {
  const locale = safeLocale(req);
  if (isAppError(err)) {
    const mesaj = translate(locale, `Errors.${err.code}`, err.params) ?? translate(locale, 'Errors.INTERNAL') ?? err.code;
    const headers = withNoStore(err.headers);
    return Response.json({ success: false, mesaj, code: err.code, ...err.params, ...err.extra }, { status: err.status, headers });
  }
  if (err instanceof ZodError) {
    const errors = err.issues.map((issue) => ({
      path: issue.path.join('.'),
      mesaj: messageOfIssue(locale, issue.message) ?? translate(locale, 'Errors.VALIDATION_FAILED') ?? 'invalid',
    }));
    const first = errors[0]?.mesaj ?? translate(locale, 'Errors.VALIDATION_FAILED');
    return Response.json(
      { success: false, mesaj: first, code: 'VALIDATION_FAILED', errors },
      { status: 400, headers: withNoStore() },
    );
  }
  logger.error({ err, route: safePath(req), method: req.method }, 'unhandled error in route handler');
  return Response.json(
    { success: false, mesaj: translate(locale, 'Errors.INTERNAL') ?? 'Internal error', code: 'INTERNAL' },
    { status: 500, headers: withNoStore() },
  );
}

/** A zod message is a message key (`Validation.email_required`); a raw zod text falls back to the generic one. */
function messageOfIssue(locale: Locale, message: string): string | undefined {
  return /^[A-Z][A-Za-z]+\.[A-Za-z0-9_.]+$/.test(message) ? translate(locale, message) : undefined;
}

function safeLocale(req: Request): Locale {
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

/** Wraps a handler so that every throw ends in `fail()`. */
export function handle(fn: Handler): Handler {
  return async (req, ctx) => {
    try {
      return await fn(req, ctx);
    } catch (err) {
      return fail(err, req);
    }
  };
}

/** Reads a JSON body of at most 1 MB; malformed JSON is a 400, a larger body a 413. */
export async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { status: 413 });
  if (!req.body) throw new AppError('MALFORMED_JSON', { status: 400 });
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE', { status: 413 });
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_JSON', { status: 400 });
  }
}

/** Parses a JSON body with a zod schema (ZodError → 400 through fail()). */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return schema.parse(await readJson(req));
}

/** Reads one route parameter as a string. */
export async function param(ctx: RouteContext, name: string): Promise<string> {
  const value = (await ctx.params)[name];
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}

export function requestLocale(req: Request): Locale {
  return safeLocale(req);
}
