/**
 * Typed domain errors (STYLE.md "Errors & logging"). lib/ throws AppError with a
 * SCREAMING_SNAKE code; app/api/_lib/handler.ts is the one place that maps it to HTTP and to a
 * localized `mesaj` (messages key `errors.<CODE>`, with `params` as ICU arguments).
 */
export type ErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: ErrorParams;
  /** Extra top-level fields for the JSON body (e.g. remainingSeconds, required, current). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: string,
    options: { status?: number; params?: ErrorParams; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? 400;
    this.params = options.params ?? {};
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const notFound = (code = 'NOT_FOUND') => new AppError(code, { status: 404 });
export const unauthorized = (code = 'UNAUTHORIZED') => new AppError(code, { status: 401 });
export const forbidden = (code = 'FORBIDDEN') => new AppError(code, { status: 403 });
export const conflict = (code: string, params?: ErrorParams) => new AppError(code, { status: 409, params });

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
