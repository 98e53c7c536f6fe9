import { sql } from 'drizzle-orm';
import { PLATFORM_REGISTRY, type PlatformKey } from '../platforms';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * All tables of the product (spec §3, ARCHITECTURE.md "Data model").
 * Money is integer US cents everywhere; timestamps carry a time zone.
 * Column names are snake_case in the database (the client uses `casing: 'snake_case'`).
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const roleEnum = pgEnum('role', ['user', 'admin']);
/** The platforms of the registry (platforms/): a new one is added to the enum by a migration drizzle-kit writes. */
export const platformEnum = pgEnum('platform', PLATFORM_REGISTRY.map((p) => p.key) as [PlatformKey, ...PlatformKey[]]);
export const subscriptionStatusEnum = pgEnum('subscription_status', ['active', 'cancelled']);
export const orderStatusEnum = pgEnum('order_status', [
  'pending',
  /** Issue #17: waits for its start_at (its job is queued with startAfter); cancellable. */
  'scheduled',
  'processing',
  'completed',
  'partial',
  'failed',
  'cancelled',
]);
// verify_refund (issue #38 item 2): the charge of an undone action that could not be redone (make_goods).
export const ledgerReasonEnum = pgEnum('ledger_reason', ['topup', 'new_tweet', 'refund', 'adjustment', 'verify_refund']);
export const paymentKindEnum = pgEnum('payment_kind', ['balance', 'package']);
export const paymentStatusEnum = pgEnum('payment_status', [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);
export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sent', 'failed', 'logged']);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adSoyad: text().notNull(),
    email: text().notNull(),
    telefon: text().notNull().default(''),
    meslek: text().notNull().default(''),
    rol: roleEnum().notNull().default('user'),
    passwordHash: text().notNull(),
    /** Cached sum of the balance ledger, changed only together with a ledger row under a row lock. */
    bakiyeCents: bigint({ mode: 'number' }).notNull().default(0),
    aktif: boolean().notNull().default(true),
    /** Bumped on logout-everywhere, password change/reset, role change and deactivation. */
    sessionVersion: integer().notNull().default(1),
    locale: text().notNull().default('tr'),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A soft-deleted user frees the address, so the same e-mail can register again.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    check('users_bakiye_non_negative', sql`${t.bakiyeCents} >= 0`),
    index('users_rol_idx').on(t.rol),
    // The back office sorts its users list by sign-up date (the default) or balance, a page at a time.
    index('users_created_at_idx').on(t.createdAt),
    // Issue #35: the analytics' new customers per day (an index-only scan of the range).
    index('users_customers_created_idx').on(t.createdAt).where(sql`${t.rol} = 'user'`),
    index('users_bakiye_idx').on(t.bakiyeCents),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the mail. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Logins ended by a plain logout (docs/decisions.md "Sessions and tokens"): every bearer token and
 * cookie session of one login carries its `sid`; a row here refuses them all until they would
 * have expired anyway, when the row is removed.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sid: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

export const tokenKindEnum = pgEnum('token_kind', ['user', 'admin']);

/**
 * Two-factor sign-in (docs/accounts.md "Two-factor sign-in"): the account's TOTP secret (RFC 6238,
 * 30 s steps, 6 digits, SHA-1). A row with no `enabledAt` is a setup the user has not yet confirmed
 * with a code, and changes nothing at login.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The secret, AES-256-GCM encrypted with a key derived from the auth secret (lib/domain/two-factor/secret-box.ts). */
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes of an account with two-factor sign-in, stored as salted SHA-256 only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a login with two-factor sign-in: the password was right, and the holder of the
 * challenge (its SHA-256 is stored) may finish the login with a code, once, before `expiresAt`,
 * with the token kind of the login it came from, and only while the account's session version is
 * still `sessionVersion` (a password change in between ends it).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKindEnum().notNull(),
    sessionVersion: integer().notNull(),
    /** Wrong codes given for this challenge; at the limit it is used up. */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_uq').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
    index('login_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A one-time sign-in link (issue #33 item 9): mailed when the right password is given while the
 * account's sign-in is locked by failures from many addresses. Only its SHA-256 is stored; it signs
 * in once, before `expiresAt`, with the token kind of the login it came from, and only while the
 * account's session version is still `sessionVersion` (a password change or reset ends it).
 */
export const loginUnlockTokens = pgTable(
  'login_unlock_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKindEnum().notNull(),
    sessionVersion: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_unlock_tokens_token_hash_uq').on(t.tokenHash),
    index('login_unlock_tokens_user_idx').on(t.userId),
    index('login_unlock_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const platforms = pgTable(
  'platforms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ad: platformEnum().notNull(),
    aktif: boolean().notNull().default(true),
    /** Endpoint key (§3 Platform) → URL of the fulfilment provider. */
    apiEndpoints: jsonb().$type<Record<string, string>>().notNull().default({}),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('platforms_ad_uq').on(t.ad)],
);

/**
 * Issue #33 item 7, pay per action (opt-in, off by default): an admin's price per action (per
 * profile, integer cents) for one service, and whether customers without a package in force for
 * its platform, or past their daily limit, may order it paid from the balance at that price.
 * `max_profiles` caps one such order of a customer without a package (one with a package keeps
 * its package's profile limit). No row: off.
 */
export const servicePrices = pgTable(
  'service_prices',
  {
    service: text().primaryKey(),
    platform: platformEnum().notNull(),
    priceCents: integer().notNull(),
    enabled: boolean().notNull().default(false),
    maxProfiles: integer().notNull().default(100),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_prices_price_range', sql`${t.priceCents} >= 1 and ${t.priceCents} <= 100000`),
    check('service_prices_max_profiles_range', sql`${t.maxProfiles} >= 1 and ${t.maxProfiles} <= 500`),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The Turkish name (required; the §7 wire field `ad`). */
    ad: text().notNull(),
    /** The English and German names (issue #32 item 6), null when not given: readers fall back (lib/domain/packages packageName). */
    nameEn: text(),
    nameDe: text(),
    gunlukLimit: integer().notNull(),
    profilLimit: integer().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('packages_limits_positive', sql`${t.gunlukLimit} > 0 and ${t.profilLimit} > 0`)],
);

/**
 * Issue #34 item 2: a package's price on a platform (the §3 `platform_fiyatlari`), one row per
 * package and platform, so a platform added to the registry needs no column. No row (or a price of
 * 0, which the package form never accepts) means the package is not sold on that platform
 * (lib/domain/packages package-prices). At most $1,000,000 (MAX_PRICE_DOLLARS).
 */
export const packagePrices = pgTable(
  'package_prices',
  {
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    platform: platformEnum().notNull(),
    priceCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'package_prices_pk', columns: [t.packageId, t.platform] }),
    check('package_prices_price_range', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 100000000`),
  ],
);

export const userPackages = pgTable(
  'user_packages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    platform: platformEnum().notNull(),
    /**
     * Name (Turkish) and limits are copied at assignment so later package edits do not change a
     * running subscription's limits. Customers' pages show the package's current name in their
     * language instead of this copy while the package row can be read (lib/domain/packages subscriptionName).
     */
    paketAdi: text().notNull(),
    gunlukLimit: integer().notNull(),
    profilLimit: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: subscriptionStatusEnum().notNull().default('active'),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One running subscription per user and platform: a new assignment extends it.
    uniqueIndex('user_packages_active_uq').on(t.userId, t.platform).where(sql`${t.status} = 'active'`),
    index('user_packages_user_idx').on(t.userId),
    // Issue #35: the analytics' subscriptions in force per day read the starts and the ends of a
    // range (an end is the earlier of the end and the cancellation, never before the start).
    index('user_packages_starts_idx').on(t.startsAt),
    index('user_packages_effective_end_idx').on(sql`greatest(${t.startsAt}, least(${t.endsAt}, coalesce(${t.cancelledAt}, ${t.endsAt})))`),
    check('user_packages_period', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text().notNull(),
    /** Calendar day in APP_TIMEZONE. */
    day: date({ mode: 'string' }).notNull(),
    count: integer().notNull().default(0),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'usage_counters_pk', columns: [t.userId, t.service, t.day] }),
    check('usage_counters_count_non_negative', sql`${t.count} >= 0`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    platform: platformEnum().notNull(),
    /** The provider's own id of the profile. */
    providerId: text().notNull(),
    username: text().notNull(),
    name: text().notNull().default(''),
    followersCount: integer().notNull().default(0),
    /** Display text such as '3K', as the provider gives it. */
    followersText: text().notNull().default('0'),
    /**
     * 'active' (listed, selectable), 'inactive' (the provider no longer lists it), or our own
     * 'quarantined' (failed quarantineAfterFailures times in a row) and 'disabled' (by an admin):
     * a sync keeps these two (lib/domain/profiles/profile-health.ts).
     */
    status: text().notNull().default('active'),
    /** Per-profile failures in a row (the provider's verdict), reset by a success. */
    consecutiveFailures: integer().notNull().default(0),
    /** When the profile was last quarantined automatically. */
    quarantinedAt: timestamp({ withTimezone: true }),
    /**
     * Issue #36 audience facts (provider contract 1.3, optional fields of the profile list): the
     * languages its audience reads (ISO 639-1 codes), its country (ISO 3166-1 alpha-2), its niches
     * (keys of lib/domain/profiles/niches.ts), when the account was opened, and whether it is verified.
     */
    languages: jsonb().$type<string[]>().notNull().default([]),
    country: text(),
    niches: jsonb().$type<string[]>().notNull().default([]),
    accountCreatedAt: date({ mode: 'string' }),
    verified: boolean().notNull().default(false),
    /** When an admin last corrected the audience facts (audited): a sync then keeps them instead of the provider's. */
    audienceEditedAt: timestamp({ withTimezone: true }),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_platform_provider_uq').on(t.platform, t.providerId),
    index('profiles_platform_status_idx').on(t.platform, t.status),
  ],
);

export type ProfileResult = {
  profile_id: number;
  result: 'success' | 'failed' | 'pending';
  /** Provider contract 1.1: where a successful action can be seen, and the text a comment or tweet posted. */
  proof_url?: string;
  text?: string;
};

/** One batch of a spread order: `at` (ISO) is when its profiles act. */
export type OrderBatch = { at: string; profile_ids: number[] };

/**
 * Issue #33: the orders' public numbers ("#123", the reseller protocol's integer `order` and
 * `refill`). A sequence, so numbers are unique across nodes and taken in the insert's own
 * transaction; a rolled-back send leaves a gap, which is fine for an identifier.
 */
export const ordersNumberSeq = pgSequence('orders_number_seq');

/**
 * Issue #36 crews: a customer's named set of profiles of one platform, picked in one tap on a
 * service page or by the reseller API's `crew`. Profiles that left the roster stay listed (shown as
 * such and skipped at the send, never replaced).
 */
export const crews = pgTable(
  'crews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: platformEnum().notNull(),
    name: text().notNull(),
    profileIds: jsonb().$type<number[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crews_user_platform_name_uq').on(t.userId, t.platform, t.name), index('crews_user_idx').on(t.userId, t.platform)],
);

/**
 * Issue #36 comments approved before posting: one provider draft per (customer, target, profile),
 * the latest kept. A send with approved comments needs a live draft for each of its profiles on
 * that target (drafts expire: site_settings.comment_draft_minutes); the approved text may differ
 * from the draft (the customer edits it).
 */
export const commentDrafts = pgTable(
  'comment_drafts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: platformEnum().notNull(),
    service: text().notNull(),
    targetUrl: text().notNull(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    prompt: text().notNull().default(''),
    text: text().notNull(),
    /** The language the provider wrote the draft in (contract 1.4 `language`), when it told: the send checks that language's blocked words. */
    language: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('comment_drafts_user_target_profile_uq').on(t.userId, t.targetUrl, t.profileId), index('comment_drafts_expires_idx').on(t.expiresAt)],
);

export const orders = pgTable(
  'orders',
  {
    /** The task_id the client sees. */
    id: uuid().primaryKey().defaultRandom(),
    /** Issue #33: the order's public number (refills are orders and have one too), never reused. */
    number: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('orders_number_seq')`),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    platform: platformEnum().notNull(),
    service: text().notNull(),
    /** Issue #37: the watch whose new post this order acts on (null: an order typed by hand). */
    watchId: integer().references((): AnyPgColumn => watches.id, { onDelete: 'set null' }),
    targetUrl: text(),
    tweetText: text(),
    quoteTweetUrl: text(),
    prompt: text(),
    profileIds: jsonb().$type<number[]>().notNull(),
    profileCount: integer().notNull(),
    priceCents: integer().notNull().default(0),
    status: orderStatusEnum().notNull().default('pending'),
    providerTaskId: text(),
    results: jsonb().$type<ProfileResult[]>().notNull().default([]),
    successCount: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    refundedCents: integer().notNull().default(0),
    /** New tweets: the price of each selected profile (profile id → cents) at the time of the send, for refunds. */
    profilePricesCents: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** The APP_TIMEZONE day whose usage counter this order took (given back when every profile failed). */
    usageDay: date({ mode: 'string' }),
    /** Reseller API (issue #16): the key that placed the order (null for the UI). */
    apiKeyId: integer().references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    /** The caller's idempotency key: one order per user and request id (orders_user_request_uq). */
    requestId: text(),
    /** A refill's original order (a partial order is refilled at most once: orders_refill_of_uq). */
    refillOf: uuid().references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** Issue #17 scheduled orders: when the first profile may act (null: at once). */
    startAt: timestamp({ withTimezone: true }),
    /** Issue #33: the target's count when the provider started (contract 1.2, optional); null when not reported. */
    startCount: bigint({ mode: 'number' }),
    /** Issue #17 spread orders: the window (minutes after startAt) the profiles act across; 0: all at once. */
    spreadMinutes: integer().notNull().default(0),
    /**
     * A spread order's batches, fixed at the send: each a moment and the profiles that act then
     * (lib/domain/operations/spread.ts). Empty: one send of every profile.
     */
    batches: jsonb().$type<OrderBatch[]>().notNull().default([]),
    /** How many batches have ended; the worker sends batches[batchesDone] next. */
    batchesDone: integer().notNull().default(0),
    /** When a spread order's next batch is due (a waiting order is not stuck before it). */
    nextBatchAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /**
     * Issue #36: the comment each profile posts, when the customer approved drafts (or a reseller
     * gave custom comments); null: the provider writes the text from the prompt.
     */
    comments: jsonb().$type<{ profile_id: number; text: string }[]>(),
    /** Issue #36: the bulk order this order is one line of (null: a single send). */
    bulkId: uuid(),
    /** Issue #36: the crew the profiles were taken from (null: ticked by hand or picked). */
    crewId: integer().references((): AnyPgColumn => crews.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_bulk_idx').on(t.bulkId).where(sql`${t.bulkId} is not null`),
    uniqueIndex('orders_user_request_uq').on(t.userId, t.requestId).where(sql`${t.requestId} is not null`),
    uniqueIndex('orders_refill_of_uq').on(t.refillOf).where(sql`${t.refillOf} is not null`),
    // The reseller protocol and the UI find an order by its number.
    uniqueIndex('orders_number_uq').on(t.number),
    // Which profiles already acted on a target (the API's profile picker).
    index('orders_service_target_idx').on(t.service, t.targetUrl),
    // A customer's orders newest first (the overview, the statistics page's list, the per-user
    // history and export), in the cursor's order (issue #35: without it the planner walked the
    // creation index backwards, 0.9 s at 1,000,000 orders for a reseller idle for half a year).
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_user_service_created_idx').on(t.userId, t.service, t.createdAt),
    index('orders_user_platform_created_idx').on(t.userId, t.platform, t.createdAt),
    index('orders_status_idx').on(t.status),
    // By creation time (the dashboard's orders today, the CSV export's order), carrying what the
    // back office's figures count (issue #35): the analytics' days and success rates are read from
    // this index alone (an index-only scan), not from the orders' wide rows.
    index('orders_created_figures_idx').on(t.createdAt, t.status, t.platform, t.service, t.successCount, t.profileCount),
    check('orders_price_non_negative', sql`${t.priceCents} >= 0`),
    check('orders_refund_within_price', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.priceCents}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The processor's PaymentIntent id (Stripe `pi_…` or the test mode's `pi_test_…`). */
    intentId: text().notNull(),
    provider: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: paymentKindEnum().notNull(),
    amountCents: integer().notNull(),
    currency: char({ length: 3 }).notNull().default('usd'),
    status: paymentStatusEnum().notNull().default('requires_payment_method'),
    packageId: integer().references(() => packages.id, { onDelete: 'restrict' }),
    platforms: jsonb().$type<string[]>().notNull().default([]),
    discountCodeId: integer().references(() => discountCodes.id, { onDelete: 'set null' }),
    discountPercent: integer().notNull().default(0),
    cardholderName: text().notNull().default(''),
    failureCode: text(),
    /** Set once, in the transaction that credits the payment: the exactly-once marker. */
    creditedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_intent_uq').on(t.intentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // Issue #35: the analytics' revenue per day and top customers read a range of credited payments.
    index('payments_credited_idx').on(t.creditedAt).where(sql`${t.creditedAt} is not null`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Webhook events already handled (deduplication by the processor's event id). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});

export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed: credits positive, debits negative. */
    amountCents: integer().notNull(),
    reason: ledgerReasonEnum().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    note: text(),
    /** Issue #38 item 2: the make-good a `verify_refund` row gives back (one row per make-good at most). */
    makeGoodId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_ledger_make_good_uq').on(t.makeGoodId),
    // A payment credits once; an order is debited once and refunded at most once.
    uniqueIndex('balance_ledger_topup_uq').on(t.paymentId).where(sql`${t.reason} = 'topup'`),
    uniqueIndex('balance_ledger_order_debit_uq').on(t.orderId).where(sql`${t.reason} = 'new_tweet'`),
    uniqueIndex('balance_ledger_order_refund_uq').on(t.orderId).where(sql`${t.reason} = 'refund'`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kod: text().notNull(),
    indirimYuzdesi: integer().notNull(),
    kullanilanSayisi: integer().notNull().default(0),
    maksimumKullanim: integer().notNull(),
    bitisTarihi: timestamp({ withTimezone: true }).notNull(),
    aktif: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_kod_uq').on(sql`upper(${t.kod})`),
    check('discount_codes_percent_range', sql`${t.indirimYuzdesi} between 1 and 100`),
    check('discount_codes_max_positive', sql`${t.maksimumKullanim} >= 1`),
    check('discount_codes_usage_within_max', sql`${t.kullanilanSayisi} >= 0 and ${t.kullanilanSayisi} <= ${t.maksimumKullanim}`),
  ],
);

export const discountCodePackages = pgTable(
  'discount_code_packages',
  {
    codeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'discount_code_packages_pk', columns: [t.codeId, t.packageId] })],
);

export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discount_redemptions_payment_uq').on(t.paymentId), index('discount_redemptions_code_idx').on(t.codeId)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    baslik: text().notNull(),
    icerik: text().notNull(),
    baslikEn: text().notNull(),
    icerikEn: text().notNull(),
    /** German texts are optional (issue #15): empty means the German page shows the English ones. */
    baslikDe: text().notNull().default(''),
    icerikDe: text().notNull().default(''),
    oncelik: integer().notNull().default(0),
    aktif: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('announcements_oncelik_range', sql`${t.oncelik} in (0, 1)`), index('announcements_aktif_idx').on(t.aktif, t.createdAt)],
);

export const siteSettings = pgTable(
  'site_settings',
  {
    /** A single row, id 1. */
    id: integer().primaryKey().default(1),
    siteAdi: text().notNull(),
    siteAciklama: text().notNull().default(''),
    headEtiketleri: text().notNull().default(''),
    siteLogo: text().notNull().default(''),
    siteFavicon: text().notNull().default(''),
    /** Seconds a user waits between two sends of the same service. */
    cooldownSeconds: integer().notNull().default(30),
    /** Minimum profiles per Twitter send (the spec states both 1 and 5; 1 by default). */
    twitterMinProfiles: integer().notNull().default(1),
    /** Every admin must use two-factor sign-in to log in at /admin-login (docs/accounts.md). */
    requireAdminTwoFactor: boolean().notNull().default(false),
    /** Per-profile failures in a row after which a profile is quarantined (issue #17). */
    quarantineAfterFailures: integer().notNull().default(5),
    /** An order whose status has not moved for this long is asked again (issue #17 reconciliation). */
    stuckAfterMinutes: integer().notNull().default(30),
    /** An order still unknown after this long ends as failed for its pending profiles. */
    stuckMaxMinutes: integer().notNull().default(120),
    /** Actions one profile may take in any hour (issue #17); the queue paces sends around it. 0: no cap. */
    profileHourlyCap: integer().notNull().default(0),
    /** Who runs the site (issue #32 "Who we are"): shown in the footer and on /imprint; '' until an admin fills them in. */
    companyLegalName: text().notNull().default(''),
    /** Postal address, several lines separated by newlines. */
    companyAddress: text().notNull().default(''),
    /** Trade-register and/or VAT number, as the admin writes it. */
    companyRegistrationNumber: text().notNull().default(''),
    /** The address customers write to; the policy pages name it. */
    supportEmail: text().notNull().default(''),
    /** Issue #36: words and phrases no approved comment may contain, per language ('tr', 'en', 'de', '*' for all). */
    blockedWords: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    /** Issue #36: minutes a comment draft can be approved after it was written. */
    commentDraftMinutes: integer().notNull().default(30),
    /**
     * Issue #38 item 1: minutes after an order ended at which each successful profile's action is
     * checked again through the provider (contract 1.5 verify); empty: no re-verification.
     */
    verifyAfterMinutes: jsonb().$type<number[]>().notNull().default([1440, 10080, 43200]),
    /** Issue #37 (h37b): seconds between two polls of one watch (at least 5). */
    watchPollSeconds: integer().notNull().default(120),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('site_settings_single_row', sql`${t.id} = 1`),
    check('site_settings_cooldown_range', sql`${t.cooldownSeconds} >= 0`),
    check('site_settings_min_profiles_range', sql`${t.twitterMinProfiles} >= 1`),
    check('site_settings_quarantine_range', sql`${t.quarantineAfterFailures} >= 1`),
    check('site_settings_stuck_range', sql`${t.stuckAfterMinutes} >= 1 and ${t.stuckMaxMinutes} >= ${t.stuckAfterMinutes}`),
    check('site_settings_hourly_cap_range', sql`${t.profileHourlyCap} >= 0`),
    check('site_settings_draft_minutes_range', sql`${t.commentDraftMinutes} >= 1 and ${t.commentDraftMinutes} <= 1440`),
    // Issue #37 (h37b).
    check('site_settings_watch_poll_range', sql`${t.watchPollSeconds} >= 5 and ${t.watchPollSeconds} <= 86400`),
  ],
);

/**
 * One profile's action in one send (an order, or one batch of a spread order), booked when the
 * send goes to the provider: the per-profile hourly cap counts these (lib/domain/operations/hourly-cap.ts).
 * A retried send finds its booking instead of counting twice.
 */
export const profileActions = pgTable(
  'profile_actions',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The batch of a spread order; 0 for an order sent at once. */
    batchIndex: integer().notNull(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.batchIndex, t.profileId] }), index('profile_actions_profile_at_idx').on(t.profileId, t.at)],
);

/**
 * Issue #35: each profile's record per day, the reliability the server's own pick ranks by
 * (lib/domain/operations/pick-profiles.ts): of the orders created that day (UTC) and since ended
 * (completed, partial or failed), how many per-profile results there were and how many succeeded.
 * Kept by finalizeOrder in the transaction that ends the order (so exactly once per order), so the
 * pick reads at most a platform's profiles × the window's days instead of every order of the window.
 */
export const profileDailyRecords = pgTable(
  'profile_daily_records',
  {
    platform: platformEnum().notNull(),
    day: date({ mode: 'string' }).notNull(),
    // No foreign key to profiles: its KEY SHARE lock on the profile rows would make the order's
    // end wait for a transaction holding them FOR UPDATE (profile-health.test.ts). Rows are only
    // written for profiles that exist (recordDailyResults joins them), and the pick reads them
    // from profiles, so a deleted profile's rows are never read.
    profileId: integer().notNull(),
    successes: integer().notNull().default(0),
    results: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'profile_daily_records_pk', columns: [t.platform, t.day, t.profileId] }),
    check('profile_daily_records_counts', sql`${t.successes} >= 0 and ${t.results} >= ${t.successes}`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull().default(''),
    message: text().notNull(),
    ip: text(),
    locale: text().notNull().default('tr'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_email_idx').on(t.email, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: mailStatusEnum().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When a delivery may next try this row: a claim pushes it forward (a lease), a failure backs it off. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/** Fixed-window counters for rate limits and cooldowns, shared by every server process. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_buckets_reset_idx').on(t.resetAt)],
);

/** Secrets the app makes for itself when the environment gives none (AUTH_SECRET), shared by every node. */
export const appSecrets = pgTable('app_secrets', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * The keyless test-mode card processor's own record of its PaymentIntents (lib/domain/payments, test
 * mode): what Stripe would keep on its side. Our `payments` row is verified against it exactly as
 * a Stripe intent is. Never holds a card number: only the last four digits.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text().primaryKey(),
    clientSecret: text().notNull(),
    amountCents: integer().notNull(),
    currency: char({ length: 3 }).notNull().default('usd'),
    /** Stripe's PaymentIntent statuses, requires_capture included (manual capture). */
    status: text().notNull().default('requires_payment_method'),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    lastErrorCode: text(),
    lastDeclineCode: text(),
    cardLast4: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('test_payment_intents_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * Reseller API keys (issue #16, docs/reseller-api.md). The key is shown once; only its SHA-256 is
 * kept (a 256-bit random key needs no slow hash: see lib/domain/api-keys/key-material.ts). A revoked key
 * stays as a row so its orders and deliveries keep their owner.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The key's first characters, shown in lists so the owner can tell keys apart. */
    prefix: text().notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text().notNull(),
    /** Signed order updates go here (https, public address; lib/infra/net/public-url.ts). */
    webhookUrl: text(),
    /** The HMAC-SHA256 key of the X-Signature header; kept readable because the server signs with it. */
    webhookSecret: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed']);

/** One webhook event for one key and its delivery attempts (the log the settings page shows). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    /** 'order.status' or 'test'. */
    event: text().notNull(),
    url: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** The HTTP status of the last attempt (null: no answer). */
    responseStatus: integer(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_key_idx').on(t.apiKeyId, t.createdAt)],
);

/**
 * Results of the scheduled integrity check (issue #17, lib/domain/integrity): balances against their
 * ledger, orders ended at most once, credited payments against their processor. The dashboard
 * shows the last one.
 */
export const integrityChecks = pgTable(
  'integrity_checks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ok: boolean().notNull(),
    /** What was looked at: { users, orders, payments, paymentsAsked, paymentsNotAskable }. */
    checked: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Each discrepancy: { kind, id, detail } (at most 200 kept). */
    discrepancies: jsonb().$type<{ kind: string; id: string; detail: string }[]>().notNull().default([]),
    durationMs: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('integrity_checks_created_idx').on(t.createdAt)],
);

/** Support tickets (issue #18, docs/support.md): a customer's question, optionally about one of their orders. */
export const ticketCategoryEnum = pgEnum('ticket_category', ['order', 'payment', 'package', 'account', 'other']);
export const ticketStatusEnum = pgEnum('ticket_status', ['open', 'answered', 'closed']);

export const tickets = pgTable(
  'tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: ticketCategoryEnum().notNull(),
    subject: text().notNull(),
    status: ticketStatusEnum().notNull().default('open'),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    /** The admin working the ticket (null: unassigned). */
    assignedTo: integer().references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('tickets_status_idx').on(t.status, t.lastMessageAt),
    // Issue #35: the admin inbox's page, newest activity first (or waiting longest), then the
    // customers of those 30 only (it joined all 100,000 customers before sorting: 45 → 2 ms).
    index('tickets_activity_idx').on(t.lastMessageAt, t.id),
    index('tickets_created_idx').on(t.createdAt, t.id),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Written by an admin (the customer sees "Support", not the admin's name). */
    fromAdmin: boolean().notNull().default(false),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** In-app notifications (issue #18): one row per notice; the text is rendered from `kind` and `params` in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A notification category (lib/domain/notifications/categories.ts). */
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    /** Where the notice leads in the app (a path without locale), if anywhere. */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id), index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`)],
);

/** A customer's notification choices: per category in-app and e-mail, and the low-balance threshold. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** category → { inApp, email }; a category left out keeps its default. */
    channels: jsonb().$type<Record<string, { inApp: boolean; email: boolean }>>().notNull().default({}),
    /** Notify when the balance falls below this many cents (null: never). */
    lowBalanceCents: integer(),
    /** Set when a low-balance notice went out; cleared when the balance rises above the threshold again. */
    lowBalanceNotifiedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_preferences_low_balance_range', sql`${t.lowBalanceCents} is null or ${t.lowBalanceCents} >= 0`)],
);

/**
 * Notices that must go out once per event whatever the channels (a package's expiry warning, a
 * priority announcement): the key (`package_expiring:<user_package id>`) is taken in the notifying
 * transaction, so a second run of the daily job, or a second node, sends nothing again.
 */
export const notificationMarks = pgTable('notification_marks', {
  key: text().primaryKey(),
  createdAt: createdAt(),
});

/* ---- Issue #38: the public status page (lib/domain/status). Kept in one block for merges. ---- */

/**
 * One probe of a platform's provider (issue #38 item 4): its profile_list endpoint asked with a short
 * timeout, once a minute across nodes. A scheduled probe's `at` is its minute (truncated), so the
 * unique index makes a second node's probe of the same minute a no-op; an admin's "probe now" keeps
 * its exact moment.
 */
export const statusProbes = pgTable(
  'status_probes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: platformEnum().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    up: boolean().notNull(),
    latencyMs: integer().notNull(),
    /** The provider error's kind when down (timeout, unreachable, http …). */
    error: text(),
  },
  (t) => [uniqueIndex('status_probes_platform_at_uq').on(t.platform, t.at), index('status_probes_at_idx').on(t.at)],
);

export const statusIncidentKindEnum = pgEnum('status_incident_kind', ['provider_down', 'stuck_orders', 'integrity']);

/**
 * An incident of the status page: opened automatically when its condition starts (a provider down
 * for N probes, a stuck-order spike, a failed integrity check), ended when it stops. `key` names the
 * condition (`provider_down:twitter`); at most one incident per key is open (partial unique index),
 * so two nodes cannot open it twice. Admins add a note in each language (audited).
 */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: statusIncidentKindEnum().notNull(),
    key: text().notNull(),
    platform: platformEnum(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    noteTr: text(),
    noteEn: text(),
    noteDe: text(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('status_incidents_open_uq').on(t.key).where(sql`${t.endedAt} is null`), index('status_incidents_started_idx').on(t.startedAt)],
);

export const verificationStateEnum = pgEnum('verification_state', ['due', 'kept', 'undone', 'unknown']);

/**
 * Issue #38 item 1: one re-check of one successful profile's action on an ended order, due
 * `afterMinutes` after the order ended (site setting verify_after_minutes). Scheduled once per
 * (order, profile, offset) by the unique index; worked once across nodes (row lock, SKIP LOCKED);
 * `unknown` (the provider lacks verify, or could not say) never changes an order.
 */
export const verificationChecks = pgTable(
  'verification_checks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    profileId: integer().notNull(),
    afterMinutes: integer().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    state: verificationStateEnum().notNull().default('due'),
    /** Failed tries (provider unreachable); after 5 the check ends as unknown. */
    attempts: integer().notNull().default(0),
    checkedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verification_checks_uq').on(t.orderId, t.profileId, t.afterMinutes),
    index('verification_checks_due_idx').on(t.dueAt).where(sql`${t.state} = 'due'`),
    index('verification_checks_checked_idx').on(t.checkedAt, t.afterMinutes, t.state),
    // Issue #38 item 3: a profile's kept rate (the picker, /rooting/profiles, the match score) reads its answered checks.
    index('verification_checks_profile_idx').on(t.profileId, t.afterMinutes, t.state).where(sql`${t.state} in ('kept', 'undone')`),
  ],
);

/*
 * Issue #38 item 2: an undone action made good, exactly once. One row per (order, profile) whose
 * action a check found undone (unique: a second `undone` answer, for the same or a later check,
 * never makes it good twice). A state machine worked by the `verify` task once across nodes (row
 * lock, SKIP LOCKED, a lease in due_at): open → redoing (the same profile, else another one not yet
 * on the target; each send with its own idempotency key `mg-<id>-<profile>`) → redone, or
 * → refunded (the charge back as a `verify_refund` ledger row, or the package use back) in one
 * transaction with the row's state. Never both: the states are final and the refund is written only
 * from a row that is not redone, under its row lock. lib/domain/verification/make-good.ts.
 */
export const makeGoodStateEnum = pgEnum('make_good_state', ['open', 'redoing', 'redone', 'refunded']);

export const makeGoods = pgTable(
  'make_goods',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The profile whose action was found undone. */
    profileId: integer().notNull(),
    /** The check that found it undone, and its time after the order's end (the "day N"). */
    checkId: bigint({ mode: 'number' }).notNull(),
    afterMinutes: integer().notNull(),
    state: makeGoodStateEnum().notNull().default('open'),
    /** The profile redoing it (or that redid it); the profiles tried, in order. */
    byProfileId: integer(),
    triedProfileIds: jsonb().$type<number[]>().notNull().default([]),
    providerTaskId: text(),
    refundCents: integer().notNull().default(0),
    /** A package order's daily use given back with this refund (the last of its actions to go). */
    usageReturned: boolean().notNull().default(false),
    /** When the row is worked next (a claim leases it until then). */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    undoneAt: timestamp({ withTimezone: true }).notNull(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('make_goods_uq').on(t.orderId, t.profileId),
    index('make_goods_due_idx').on(t.dueAt).where(sql`${t.state} in ('open', 'redoing')`),
    check('make_goods_refund_range', sql`${t.refundCents} >= 0`),
  ],
);

/*
 * Issue #37: watches. A customer names an account; each new post it publishes (contract 1.6
 * account_posts) becomes ordinary orders, one per service (lib/domain/watches, docs/watch.md).
 */
export const watchStatusEnum = pgEnum('watch_status', ['active', 'paused', 'ended']);
export const watchPostStatusEnum = pgEnum('watch_post_status', ['ordered', 'skipped']);

export const watches = pgTable(
  'watches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: platformEnum().notNull(),
    /** The watched account's handle, without `@`. */
    account: text().notNull(),
    /** Service keys of the platform, run on each new post. */
    services: jsonb().$type<string[]>().notNull(),
    /** Ticked profiles; [] when the watch takes a crew or the best N (exactly one of the three). */
    profileIds: jsonb().$type<number[]>().notNull(),
    /*
     * Issue #37 (h37b) item 4: the other two profile choices, read at each post: the crew's
     * profiles active then, or the best N by the match score for that post.
     */
    crewId: integer().references(() => crews.id, { onDelete: 'set null' }),
    bestN: integer(),
    prompt: text(),
    delayMinMinutes: integer().notNull(),
    delayMaxMinutes: integer().notNull(),
    spreadMinutes: integer().notNull().default(0),
    maxPostsPerDay: integer().notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** Only posts whose text contains this (case-insensitive). */
    contains: text(),
    status: watchStatusEnum().notNull().default('active'),
    lastPolledAt: timestamp({ withTimezone: true }),
    /** Failed polls in a row (the backoff grows with it); 0 after a good one. */
    failures: integer().notNull().default(0),
    lastError: text(),
    nextPollAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /*
     * Issue #37 (h37b) item 6: "posts acted on" notices are grouped, at most one per watch per
     * hour: posts acted on since the last notice, and when that notice went out.
     */
    unnoticedPosts: integer().notNull().default(0),
    noticedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // --- Issue #37 items 4-5 (reseller subscriptions, operators), migration `watchv2` ---
    /**
     * The watch's public number in the reseller protocol (its `order` there): taken from the
     * orders' number sequence, so one integer names either an order or a watch, never both.
     */
    number: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('orders_number_seq')`),
    /** How many posts in all it acts on (the protocol's `posts`); null: no cap until `ends_at`. Reaching it ends the watch. */
    postsTotal: integer(),
    /** Profiles acting on each post, a random count in [min, max] of `profile_ids` (the protocol's `min`/`max`); null: all of them. */
    perPostMin: integer(),
    perPostMax: integer(),
    /** Why an ended watch ended: `canceled` (the customer), `posts` (its `posts_total` reached), null (its end date or package). */
    endReason: text(),
    /** The reseller `add`'s `request_id`: the same one answers the same watch. */
    requestId: text(),
    // --- end of issue #37 items 4-5 ---
  },
  (t) => [
    index('watches_user_idx').on(t.userId, t.id),
    // Issue #37 items 4-5: the protocol finds a watch by its number; the operators' list filters by status.
    uniqueIndex('watches_number_uq').on(t.number),
    uniqueIndex('watches_request_uq').on(t.userId, t.requestId),
    index('watches_status_idx').on(t.status, t.id),
    index('watches_due_idx').on(t.nextPollAt).where(sql`${t.status} = 'active'`),
    check('watches_delay', sql`${t.delayMinMinutes} >= 0 and ${t.delayMaxMinutes} >= ${t.delayMinMinutes}`),
    check('watches_cap', sql`${t.maxPostsPerDay} >= 1`),
    // Issue #37 (h37b).
    check('watches_best_n', sql`${t.bestN} is null or ${t.bestN} >= 1`),
    index('watches_notice_idx').on(t.noticedAt).where(sql`${t.unnoticedPosts} > 0`),
  ],
);

export const watchPosts = pgTable(
  'watch_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    watchId: integer()
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    /** The provider's id of the post: (watch_id, post_id) is unique, so a post is acted on at most once per watch. */
    postId: text().notNull(),
    postUrl: text().notNull(),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    foundAt: createdAt(),
    status: watchPostStatusEnum().notNull(),
    orderIds: jsonb().$type<string[]>().notNull().default([]),
    /** Why a post (or some of its services) was skipped: an error code (DAILY_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE, …) or `daily_cap`. */
    reason: text(),
  },
  (t) => [
    uniqueIndex('watch_posts_watch_post_uq').on(t.watchId, t.postId),
    index('watch_posts_watch_idx').on(t.watchId, t.id),
    // Issue #37 item 5: the dashboard's "posts acted on, last 24 h" reads this index only.
    index('watch_posts_ordered_found_idx').on(t.foundAt).where(sql`${t.status} = 'ordered'`),
  ],
);

/*
 * Issue #35: the orders of each settled local day, counted once (lib/domain/analytics/day-figures.ts).
 * A day is settled two days after it ends; `order_days` marks the days counted, per time zone, and
 * `order_day_figures` holds their counts per platform and service. A change to an order older than
 * two days (its status, counts, platform, service or date; an insert or delete of one) forgets the
 * days around it through the triggers of migration 0028 (a send's own order is never that old, so
 * the send path writes nothing here), and the next read counts them again.
 */
export const orderDays = pgTable(
  'order_days',
  {
    tz: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    computedAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'order_days_pk', columns: [t.tz, t.day] })],
);

export const orderDayFigures = pgTable(
  'order_day_figures',
  {
    tz: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    platform: platformEnum().notNull(),
    service: text().notNull(),
    total: integer().notNull(),
    completed: integer().notNull(),
    partial: integer().notNull(),
    failed: integer().notNull(),
    cancelled: integer().notNull(),
    waiting: integer().notNull(),
    /** Profiles that succeeded, and all profiles, of the day's ended orders (ACTED_STATUSES): the success rate. */
    actedSuccess: bigint({ mode: 'number' }).notNull(),
    actedProfiles: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'order_day_figures_pk', columns: [t.tz, t.day, t.platform, t.service] })],
);

/*
 * Issue #35: the subscriptions in force at the end of each settled local day (two days after it
 * ends), counted once (lib/domain/analytics/subscription-days.ts). A subscription inserted, deleted,
 * or whose start or end (the earlier of its end and its cancellation) moves, at a moment older than
 * two days forgets every kept day from then on through the triggers of migration 0030; a
 * subscription sold, cancelled or extended now changes no settled day.
 */
export const subscriptionDays = pgTable(
  'subscription_days',
  {
    tz: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    inForce: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'subscription_days_pk', columns: [t.tz, t.day] })],
);
