/**
 * Typed domain errors (STYLE.md "Errors & logging"). lib/ throws `new AppError(code)`; `code` is a
 * member of the one `ErrorCode` union and its HTTP status comes from `ERROR_STATUS` below, never
 * from the throw site (issue #14 item 8). app/api/_lib/route.ts is the one place that turns it
 * into `{success:false, mesaj, code}`, with `mesaj` from messages `Errors.<CODE>` (`params` are
 * its ICU arguments). lib/infra/errors.test.ts checks every code has a message in tr, en and de.
 */
export const ERROR_STATUS = {
  // Requests the server cannot read.
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  /** The client stopped sending its body (a closed tab, a dropped connection): its fault, never the database's (issue #33). */
  REQUEST_ABORTED: 400,
  PAYLOAD_TOO_LARGE: 413,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** GET /api/v2: the reseller protocol is POST only (answered in the protocol's shape, issue #33). */
  USE_POST: 405,
  NOT_FOUND: 404,
  INTERNAL: 500,
  /** The database cannot be reached for a moment (a restart, a failover): `fail()` maps it, with Retry-After. */
  TEMPORARILY_UNAVAILABLE: 503,

  // Who is calling.
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  ADMIN_ONLY: 403,
  EMAIL_TAKEN: 409,
  INVALID_RESET_TOKEN: 400,
  CURRENT_PASSWORD_WRONG: 400,
  CURRENT_PASSWORD_REQUIRED: 400,
  /**
   * The account's sign-in is locked after failures from many addresses (issue #33 item 9): the same
   * answer for a right and a wrong password, with Retry-After; the right one mails a one-time link.
   */
  LOGIN_LOCKED: 429,
  /** The one-time sign-in link of a locked account is unknown, used, expired or no longer valid. */
  UNLOCK_LINK_INVALID: 400,

  // Two-factor sign-in (docs/accounts.md "Two-factor sign-in"). A wrong or reused code is 400
  // (like a wrong current password: a 401 would make a client drop its session); a challenge
  // that is unknown, expired, used or used up is 401 (log in again).
  TWO_FACTOR_CODE_INVALID: 400,
  TWO_FACTOR_CODE_USED: 400,
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  TWO_FACTOR_SETUP_NOT_STARTED: 409,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  TWO_FACTOR_ADMIN_REQUIRED: 409,
  TWO_FACTOR_ENABLE_OWN_FIRST: 409,

  // Admin rules on users and subscriptions.
  USER_NOT_FOUND: 404,
  LAST_ADMIN: 409,
  CANNOT_DEMOTE_SELF: 409,
  CANNOT_DEACTIVATE_SELF: 409,
  CANNOT_DELETE_SELF: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  SUBSCRIPTION_NOT_ACTIVE: 409,
  INVALID_PERIOD: 400,

  // Catalogue: platforms, packages, announcements, settings, contact.
  // A platform named in a path, query or body that does not exist is 404 everywhere (it was
  // 400 when a payment body named it); one that exists but is switched off is 403 everywhere
  // (it was 400 in a quote): the admin has closed it to everyone.
  PLATFORM_NOT_FOUND: 404,
  PLATFORM_INACTIVE: 403,
  PLATFORM_REQUIRED: 400,
  UNKNOWN_ENDPOINT_KEY: 400,
  PACKAGE_NOT_FOUND: 404,
  /** Issue #34 item 2: the package has no price on a chosen platform (one added after it was priced), so it is not sold there. */
  PACKAGE_NOT_FOR_PLATFORM: 400,
  ANNOUNCEMENT_NOT_FOUND: 404,
  CONTACT_COOLDOWN: 429,

  // Discount codes.
  DISCOUNT_CODE_NOT_FOUND: 404,
  DISCOUNT_CODE_TAKEN: 409,
  DISCOUNT_DATE_PAST: 400,
  DISCOUNT_MAX_BELOW_USED: 400,
  DISCOUNT_CODE_IN_USE: 409,
  DISCOUNT_CODE_INVALID: 400,
  DISCOUNT_CODE_EXPIRED: 400,
  DISCOUNT_CODE_USED_UP: 400,
  DISCOUNT_CODE_NOT_FOR_PACKAGE: 400,
  DISCOUNT_CODE_EXHAUSTED: 409,
  DISCOUNT_CODE_CHANGED: 409,

  // Orders (§8 send errors).
  INVALID_SERVICE: 400,
  INVALID_CURSOR: 400,
  NO_PACKAGE: 403,
  PROFILE_LIMIT_EXCEEDED: 400,
  DAILY_LIMIT_EXCEEDED: 429,
  COOLDOWN_ACTIVE: 429,
  MIN_PROFILES: 400,
  INSUFFICIENT_BALANCE: 402,
  PRICE_CHANGED: 409,
  /** Issue #33 item 6: the order would take more from the balance than the reseller's `max_charge`. */
  MAX_CHARGE_EXCEEDED: 409,
  PROFILES_UNAVAILABLE: 400,
  /** Issue #17: a chosen profile already acted (or is acting) on this target for this service. */
  ALREADY_DONE: 409,
  SERVICE_UNAVAILABLE: 503,
  TASK_NOT_FOUND: 404,
  // Issue #36 item 6: comments the customer approves (docs/orders.md "Approved comments").
  DRAFTS_NOT_OFFERED: 409,
  DRAFTS_UNAVAILABLE: 503,
  DRAFTS_EXPIRED: 409,
  COMMENTS_MISMATCH: 400,
  COMMENT_EMPTY: 400,
  COMMENT_TOO_LONG: 400,
  COMMENT_BLOCKED_WORD: 400,
  COMMENTS_NEAR_IDENTICAL: 400,
  COMMENT_REPEATED: 409,

  // Crews and bulk orders (issue #36 items 3 and 5, docs/orders.md "Crews", "Bulk orders").
  /** Another customer's crew is the same 404 as an unknown one. */
  CREW_NOT_FOUND: 404,
  CREW_NAME_TAKEN: 409,
  CREW_LIMIT: 409,
  /** A crew of one platform used on a service of another. */
  CREW_OTHER_PLATFORM: 400,
  /** A crew's profile_ids name profiles that are not of its platform (or do not exist). */
  CREW_PROFILES_INVALID: 400,
  /** A bulk order of more than 100 targets. */
  BULK_TOO_MANY: 400,
  BULK_LINE_EMPTY: 400,
  BULK_LINE_INVALID: 400,
  BULK_LINE_DUPLICATE: 400,
  /** A bulk order of a service without a target link (a new post). */
  BULK_SERVICE_UNSUPPORTED: 400,

  // Reseller API (issue #16, docs/reseller-api.md). A missing, wrong or revoked key is one code.
  INVALID_API_KEY: 401,
  API_KEY_NOT_FOUND: 404,
  API_KEY_LIMIT: 409,
  UNKNOWN_ACTION: 400,
  ORDER_NOT_FOUND: 404,
  ORDER_ALREADY_FINAL: 409,
  ORDER_NOT_CANCELLABLE: 409,
  // Scheduled and spread orders (issue #17, docs/orders.md "Scheduled and spread orders").
  START_AT_INVALID: 400,
  SPREAD_INVALID: 400,
  NOT_ENOUGH_PROFILES: 409,
  PROFILE_NOT_FOUND: 404,
  /** Issue #36: an admin's correction names a niche that is not in the taxonomy (lib/domain/audience/niches.ts). */
  NICHE_UNKNOWN: 400,
  STUCK_LIMITS_INVALID: 400,
  REFILL_NOT_AVAILABLE: 409,
  REFILL_EXPIRED: 409,
  REFILL_ALREADY_REQUESTED: 409,
  REFILL_NOT_FOUND: 404,
  WEBHOOK_URL_INVALID: 400,
  WEBHOOK_NOT_SET: 409,
  // Watches (issue #37, docs/watch.md). Another customer's watch is WATCH_NOT_FOUND too.
  WATCH_NOT_FOUND: 404,
  WATCH_UNSUPPORTED: 409,
  WATCH_ACCOUNT_INVALID: 400,
  WATCH_SERVICE_INVALID: 400,
  WATCH_ENDS_AT_INVALID: 400,
  WATCH_ENDED: 409,

  // Support tickets (issue #18, docs/support.md). Another customer's ticket is TICKET_NOT_FOUND too.
  TICKET_NOT_FOUND: 404,
  TICKET_CLOSED: 409,
  TICKET_REOPEN_EXPIRED: 409,
  TICKET_ASSIGNEE_INVALID: 400,
  UNSUBSCRIBE_LINK_INVALID: 400,

  // Payments.
  INVALID_AMOUNT: 400,
  TOPUP_AMOUNT_INVALID: 400,
  AMOUNT_BELOW_MINIMUM: 400,
  PAYMENT_SIMULATED: 400,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_VERIFIED: 409,
  PAYMENT_MISMATCH: 409,
  PAYMENT_NOT_PAID: 402,
  PAYMENT_REQUIRES_ACTION: 402,
  PAYMENT_PROCESSING: 409,
  // A cancelled intent is a state of the payment (409), also when a card error names it.
  PAYMENT_CANCELLED: 409,
  PAYMENT_RELEASED: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_INTENT_UNEXPECTED_STATE: 409,
  TEST_MODE_DISABLED: 409,
  WEBHOOK_NOT_CONFIGURED: 404,
  WEBHOOK_SIGNATURE_INVALID: 400,

  // §8 card and payment codes (lib/domain/payments/error-codes.ts maps the processor's codes to these).
  CARD_INVALID_NUMBER: 402,
  CARD_INCOMPLETE_NUMBER: 402,
  CARD_INVALID_EXPIRY_MONTH: 402,
  CARD_INVALID_EXPIRY_YEAR: 402,
  CARD_INCOMPLETE_EXPIRY: 402,
  CARD_EXPIRY_PAST: 402,
  CARD_INVALID_CVC: 402,
  CARD_INCOMPLETE_CVC: 402,
  CARD_EXPIRED: 402,
  CARD_INCORRECT_NUMBER: 402,
  CARD_INCORRECT_CVC: 402,
  CARD_INCORRECT_ZIP: 402,
  CARD_DECLINED: 402,
  CARD_MISSING: 402,
  CARD_PROCESSING_ERROR: 402,
  CARD_RATE_LIMIT: 402,
  CARD_INVALID_REQUEST: 402,
  CARD_AUTHENTICATION_REQUIRED: 402,
  PAYMENT_FAILED: 402,
  PAYMENT_INSUFFICIENT_FUNDS: 402,
  PAYMENT_CARD_NOT_SUPPORTED: 402,
  PAYMENT_CURRENCY_NOT_SUPPORTED: 402,
  PAYMENT_DECLINED: 402,
  PAYMENT_GENERIC_ERROR: 402,
} as const satisfies Record<string, number>;

/** Every error code the server (or the browser's payment mapping) can give. */
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

export type ErrorParams = Record<string, string | number>;

export type AppErrorOptions = {
  /** ICU arguments of the message, also sent as top-level fields. */
  params?: ErrorParams;
  /** Extra top-level fields for the JSON body (e.g. remainingSeconds, required, current). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The HTTP status of the code, from the one table. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/**
 * The codes of a lost or refused PostgreSQL connection: the drivers' own (postgres.js, `pg`), the
 * socket's, and SQLSTATE class 08 and 57P01–57P03 (terminated, crashed, starting or stopping).
 */
const DATABASE_DOWN = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * True when `err` (or an error it wraps as `cause`, as drizzle does) is the database being out of
 * reach rather than a fault in the request or the code: worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_DOWN.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
