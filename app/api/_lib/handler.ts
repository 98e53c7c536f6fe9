import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { MAX_BODY_BYTES, fail, ok, requestLocale } from './route';

export { MAX_BODY_BYTES, fail, ok, requestLocale };

/**
 * The API conventions of every route handler (STYLE.md "Route handlers"):
 * auth → parse → one lib call → `ok(data)`; any throw becomes `fail(err)`.
 */

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (req: Request, ctx: RouteContext) => Promise<Response>;

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
  if (declared > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  if (!req.body) throw new AppError('MALFORMED_JSON');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_JSON');
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
