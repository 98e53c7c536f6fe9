import pino from 'pino';
import { env } from '@/env';

type Global = typeof globalThis & { __etkLogger?: pino.Logger };
const g = globalThis as Global;

/**
 * Keys whose values never reach the log, at any depth up to REDACT_DEPTH (pino's redact needs a
 * path per depth): credentials and their hashes, tokens, cookies and authorization headers, card
 * fields, and an account's e-mail address and phone number where a row or an input is logged
 * (issue #14). The mail that is written to the log instead of being sent when no SMTP_URL is set
 * is logged under `mail` on purpose (docs/decisions.md "Password reset").
 */
const SECRET_KEYS = [
  'password', 'sifre', 'newPassword', 'currentPassword', 'new_password', 'current_password', 'passwordHash', 'password_hash', 'hash',
  'token', 'tokenHash', 'token_hash', 'accessToken', 'refreshToken', 'resetToken', 'idToken', 'challenge',
  'secret', 'clientSecret', 'client_secret', 'apiKey', 'api_key',
  'authorization', 'cookie', 'cookies', '["set-cookie"]', '["x-api-key"]',
  'cardNumber', 'card_number', 'cvc', 'cvv', 'expMonth', 'expYear',
  'email', 'eposta', 'telefon', 'phone',
];
const REDACT_DEPTH = 4;

export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) =>
  Array.from({ length: REDACT_DEPTH + 1 }, (_, depth) => {
    const prefix = '*.'.repeat(depth);
    return key.startsWith('[') ? (depth === 0 ? key.slice(2, -2) : `${prefix.slice(0, -1)}${key}`) : `${prefix}${key}`;
  }),
);

/** Fields of a database error that carry the statement or the values it was run with. */
const DB_VALUE_FIELDS = new Set(['query', 'params', 'parameters', 'args', 'types', 'detail', 'where', 'internalQuery', 'queryOptions', 'hint', 'position', 'internalPosition']);

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null && typeof (v as Error).message === 'string';

/** A PostgreSQL error from postgres.js or PGlite: a five-character SQLSTATE and a severity. */
function isDatabaseError(err: ErrorLike): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && (typeof err.severity === 'string' || typeof err.routine === 'string');
}

/** Drizzle's wrapper: its message is the whole statement followed by every parameter value. */
function isDrizzleQueryError(err: ErrorLike): boolean {
  return err.name === 'DrizzleQueryError' || err.constructor?.name === 'DrizzleQueryError' || (typeof err.message === 'string' && err.message.startsWith('Failed query:'));
}

/** A server message without a quoted value ('invalid input syntax for type integer: "abc"'). */
function shortDbMessage(message: string): string {
  return message.replace(/:\s*".*$/s, '').slice(0, 200);
}

/** The stack's frames under a header of our own; the original header repeats the message. */
function framesOnly(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const at = stack.indexOf('\n    at ');
  return at < 0 ? header : header + stack.slice(at);
}

function typeOf(err: ErrorLike): string {
  const ctor = err.constructor?.name;
  return ctor && ctor !== 'Object' && ctor.length > 1 ? ctor : String(err.name ?? 'Error');
}

function databaseError(err: ErrorLike): Record<string, unknown> {
  const message = shortDbMessage(err.message);
  return {
    type: 'DatabaseError',
    message,
    code: err.code,
    severity: err.severity,
    constraint: err.constraint ?? err.constraint_name,
    table: err.table ?? err.table_name,
    column: err.column ?? err.column_name,
    schema: err.schema ?? err.schema_name,
    routine: err.routine,
    stack: framesOnly(err.stack, `DatabaseError: ${message}`),
  };
}

/**
 * The `err` serializer. Database errors are logged by SQLSTATE code, constraint, table and the
 * server's short message, never with the statement's parameter values (postgres.js keeps them in
 * `parameters`/`args`, PGlite in `params`, Drizzle puts them in its message and stack, and the
 * server's `detail` repeats the offending key). Other errors keep their message, stack and own
 * fields; causes are serialized the same way.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!isErrorLike(value)) return value;
  const err = value;
  if (isDrizzleQueryError(err)) {
    const cause = err.cause;
    if (isErrorLike(cause) && depth < 5) {
      const inner = serializeError(cause, depth + 1) as Record<string, unknown>;
      return { ...inner, type: inner.type === 'DatabaseError' ? 'DatabaseError' : 'DrizzleQueryError', stack: framesOnly(err.stack, `DrizzleQueryError: ${String(inner.message)}`) };
    }
    return { type: 'DrizzleQueryError', message: 'database query failed', stack: framesOnly(err.stack, 'DrizzleQueryError: database query failed') };
  }
  if (isDatabaseError(err)) return databaseError(err);
  const out: Record<string, unknown> = { type: typeOf(err), message: err.message, stack: err.stack };
  for (const key of Object.keys(err)) {
    if (key === 'cause' || key === 'errors' || key in out || DB_VALUE_FIELDS.has(key)) continue;
    const v = err[key];
    if (v === undefined || typeof v === 'function') continue;
    out[key] = isErrorLike(v) && depth < 5 ? serializeError(v, depth + 1) : v;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  if (Array.isArray(err.errors) && depth < 5) out.errors = err.errors.slice(0, 10).map((e) => serializeError(e, depth + 1));
  return out;
}

/** The options of every logger of the app (also used by tests that capture the output). */
export function loggerOptions(level: pino.LevelWithSilentOrString): pino.LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** A logger with the app's options writing to `destination` (tests capture its lines). */
export function createLogger(destination: pino.DestinationStream, level: pino.LevelWithSilentOrString = 'info'): pino.Logger {
  return pino(loggerOptions(level), destination);
}

/** One structured logger per process. */
export const logger: pino.Logger = (g.__etkLogger ??= pino(loggerOptions(env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL)));
