import { z } from 'zod';

/**
 * The shared field helpers of every zod schema (issue #14 item 4). Browser-safe: the forms parse
 * with the same schemas as the route handlers. What they refuse would otherwise reach PostgreSQL
 * or a URL encoder and fail there with a 500:
 *   - NUL (U+0000): a PostgreSQL text value cannot hold it;
 *   - lone UTF-16 surrogates: not text at all (encodeURIComponent throws, drivers mangle them);
 *   - integers beyond int4 (2³¹−1): every id and count column is a PostgreSQL integer;
 *   - booleans, null, '' or arrays as numbers (z.coerce.number turns `true` into 1).
 */
export const INT4_MAX = 2_147_483_647;

/** Text PostgreSQL and URL encoders accept: no NUL and no lone surrogate. */
export function isCleanText(s: string): boolean {
  return !s.includes('\u0000') && isWellFormed(s);
}

function isWellFormed(s: string): boolean {
  // String.prototype.isWellFormed (Node 20+, every current browser), with a fallback for older ones.
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (native) return native.call(s);
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

type TextOptions = {
  /** Maximum length in UTF-16 units (after trimming). */
  max: number;
  /** Message key for a wrong type, an over-long value and unclean text. */
  message?: string;
  /** Message key for an over-long value, when it differs. */
  tooLong?: string;
  /** Trim surrounding white space first (default); passwords keep theirs. */
  trim?: boolean;
};

/** The message of text holding NUL or a lone surrogate. */
export const INVALID_CHARACTERS = 'Validation.invalid_characters';

/**
 * A string field: length-limited, refusing NUL and lone surrogates. Chain `.min(1, key)` for a
 * required one; `.trim()` is already applied unless `trim: false`.
 */
export function text({ max, message, tooLong, trim = true }: TextOptions) {
  const base = message ? z.string({ error: message }) : z.string();
  const trimmed = trim ? base.trim() : base;
  return trimmed.max(max, tooLong ?? message).refine(isCleanText, { message: INVALID_CHARACTERS });
}

/** A JSON number or a numeric string (forms and query strings send strings); anything else stays as is and fails. */
function toNumber(value: unknown): unknown {
  if (typeof value === 'string') {
    const s = value.trim();
    if (s !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return Number(s);
  }
  return value;
}

/** A finite number, from a number or a numeric string, never from a boolean, null, '' or an array. */
export function num(message?: string) {
  return z.preprocess(toNumber, z.number(message ? { error: message } : undefined));
}

type IntOptions = {
  min?: number;
  max?: number;
  /** Message key of a value out of range or not whole. */
  message?: string;
  /** Message key of a missing value or a wrong type, when it differs. */
  required?: string;
};

/** An integer within int4 (or tighter bounds), from a number or a numeric string, never from a boolean. */
export function int({ min = -INT4_MAX - 1, max = INT4_MAX, message, required }: IntOptions = {}) {
  const typeMessage = required ?? message;
  return z.preprocess(
    toNumber,
    z
      .number(typeMessage ? { error: typeMessage } : undefined)
      .int(message)
      .min(Math.max(min, -INT4_MAX - 1), message)
      .max(Math.min(max, INT4_MAX), message),
  );
}

/** A database id: a positive integer within int4 (PostgreSQL `integer`/`serial`). */
export function id(message?: string) {
  return int({ min: 1, max: INT4_MAX, message });
}

/** An id in a URL path (`/api/users/{id}`): digits only, within int4, else 400 VALIDATION_FAILED. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(INT4_MAX));

/** A text segment of a URL path (a platform, a service, a token): at most `max` characters, clean. */
export const textParam = (max: number) => text({ max, trim: false });
