import { z } from 'zod';
import { text } from '@/lib/infra/validation';
import { isNiche } from '@/lib/domain/audience/niches';

/**
 * The HTTP contract we speak to the fulfilment provider, version 1 (docs/provider-api.md).
 * Shared by our client (lib/domain/provider/client.ts) and the simulated provider (lib/domain/provider/sim).
 * Text fields refuse NUL and lone surrogates (lib/infra/validation text()): what the provider sends is
 * stored in PostgreSQL.
 */
export const PROVIDER_API_VERSION = '1';
// Minor versions within 1 add optional fields only (the header stays `1`): 1.1 added the per-profile
// proof (`proof_url`, `text`), 1.2 the task's `start_count` (the target's count when it started),
// 1.3 (issue #36) a profile's audience facts on the profile list and the optional `target_info` call,
// 1.4 (issue #36 item 6) the optional `comment_drafts` call and the sends' optional `comments`,
// 1.5 (issue #38) the optional `verify` call, 1.6 (issue #37) the optional `account_posts` call.
// A provider of an earlier minor version simply never sends them.

/**
 * A proof link as a provider sends it: an absolute http(s) URL. Anything else (a javascript: link,
 * a relative path, an over-long text) is dropped rather than failing the whole task, since the proof
 * is optional and the profile's result is still true.
 */
const proofUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    if (value.includes('\0')) return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  })
  .optional()
  .catch(undefined);

/*
 * 1.3 audience facts. Each is optional and forgiving: a value that does not fit is dropped (never
 * failing the whole list), since a provider that knows less about a profile still lists it.
 */
const LANGUAGE = /^[a-z]{2}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** ISO 639-1 codes, lower case, at most 10, each once; anything else is left out. */
const languagesField = z
  .array(z.unknown())
  .max(100)
  .transform((list) => [...new Set(list.filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()).filter((v) => LANGUAGE.test(v)))].slice(0, 10))
  .optional()
  .catch(undefined);
/** ISO 3166-1 alpha-2, upper case. */
const countryField = z
  .string()
  .max(10)
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => COUNTRY.test(v))
  .optional()
  .catch(undefined);
/** Keys of the niche taxonomy (lib/domain/audience/niches.ts); unknown keys are dropped. */
const nichesField = z
  .array(z.unknown())
  .max(100)
  .transform((list) => [...new Set(list.filter((v): v is string => typeof v === 'string' && isNiche(v)))].slice(0, 5))
  .optional()
  .catch(undefined);
/** A calendar date (YYYY-MM-DD, or a full ISO time whose date part is kept), not in the future, not before 2000. */
const accountCreatedField = z
  .string()
  .max(40)
  .transform((v) => v.slice(0, 10))
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '2000-01-01' && Date.parse(`${v}T00:00:00Z`) <= Date.now() + 86_400_000)
  .optional()
  .catch(undefined);

export const providerProfileSchema = z.object({
  id: z.union([text({ max: 200, trim: false }).min(1), z.number().int()]).transform(String),
  username: text({ max: 200, trim: false }).min(1),
  name: text({ max: 200, trim: false }).optional().default(''),
  followers: z.number().int().min(0).max(10_000_000_000),
  followers_text: text({ max: 20, trim: false }).optional(),
  status: z.enum(['active', 'inactive']).optional().default('active'),
  /** 1.3: the languages its audience reads, its country, its niches, when the account was opened, verified. */
  languages: languagesField,
  country: countryField,
  niches: nichesField,
  account_created: accountCreatedField,
  verified: z.boolean().optional().catch(undefined),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(providerProfileSchema).max(10_000),
});

/**
 * 1.3 `target_info`: what the provider knows of a target link — the language it is written in
 * (ISO 639-1) and its niche (a taxonomy key). Either may be null (not known); an unknown niche or a
 * malformed language counts as not known.
 */
export const targetInfoSchema = z.object({
  language: z
    .string()
    .max(10)
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => LANGUAGE.test(v))
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null),
  niche: z
    .string()
    .max(100)
    .refine((v) => isNiche(v))
    .nullable()
    .optional()
    .catch(null)
    .transform((v) => v ?? null),
});
export type TargetInfo = { language: string | null; niche: string | null };

export const profileResultSchema = z.object({
  profile_id: z.union([text({ max: 200, trim: false }).min(1), z.number().int()]).transform(String),
  result: z.enum(['success', 'failed', 'pending']),
  error: text({ max: 500, trim: false }).optional(),
  /** 1.1: where the action can be seen on the platform (the reply, the retweet, the liker's list). */
  proof_url: proofUrl,
  /** 1.1: for comment services and new tweets, the text the profile actually posted. */
  text: text({ max: 2000, trim: false }).optional().catch(undefined),
});
export type ProviderProfileResult = z.infer<typeof profileResultSchema>;

export const TASK_FINAL = ['completed', 'failed'] as const;

export const taskSchema = z.object({
  task_id: text({ max: 200, trim: false }).min(1),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  results: z.array(profileResultSchema).max(10_000).optional().default([]),
  /**
   * 1.2: the target's count of this service's action (its likes, comments, subscribers…) when the
   * task started. Optional; a value that is not a whole number from 0 to 10^15 is dropped rather
   * than failing the task, since the results are still true.
   */
  start_count: z.number().int().min(0).max(1e15).optional().catch(undefined),
});
export type ProviderTask = z.infer<typeof taskSchema>;

/** The body of every send (POST to a service endpoint). */
export type SendRequest = {
  order_id: string;
  service: string;
  profile_ids: string[];
  target_url?: string;
  text?: string;
  quote_url?: string;
  prompt?: string;
  /** 1.4: the approved text of each profile (provider ids), posted verbatim (comment services only). */
  comments?: { profile_id: string; text: string }[];
};

export const sendRequestSchema = z.object({
  order_id: text({ max: 200, trim: false }).min(1),
  service: text({ max: 50, trim: false }).min(1),
  profile_ids: z.array(text({ max: 200, trim: false }).min(1)).min(1).max(1000),
  target_url: text({ max: 2000, trim: false }).optional(),
  text: text({ max: 2000, trim: false }).optional(),
  quote_url: text({ max: 2000, trim: false }).optional(),
  prompt: text({ max: 2000, trim: false }).optional(),
});

export const errorBodySchema = z.object({ error: text({ max: 500, trim: false }), message: text({ max: 2000, trim: false }).optional() });

// ---------------------------------------------------------------------------------------------
// Contract 1.4 (issue #36 item 6): comments the customer approves before anyone posts.
// An optional `comment_drafts` endpoint per platform writes one draft per profile; the sends of
// comment services take an optional `comments` list that the provider posts verbatim.
// ---------------------------------------------------------------------------------------------

/** The longest draft or approved comment the contract carries (YouTube's 10,000 characters, in UTF-16 units ×2). */
export const CONTRACT_COMMENT_MAX = 20_000;

/** One approved comment of a send: the profile (provider id) posts exactly `text`. */
export const sendCommentSchema = z.object({
  profile_id: text({ max: 200, trim: false }).min(1),
  text: text({ max: CONTRACT_COMMENT_MAX, trim: false }).min(1),
});
export type SendComment = z.infer<typeof sendCommentSchema>;

/** 1.4: the body of a send of a comment service may carry the approved texts (absent: the provider writes them from the prompt). */
export const sendCommentsSchema = z.object({ comments: z.array(sendCommentSchema).max(1000).optional() });

/** 1.4: POST to the `comment_drafts` endpoint. */
export type CommentDraftsRequest = {
  service: string;
  prompt: string;
  target: string;
  profiles: { id: string; username: string; name: string }[];
};

export const commentDraftsRequestSchema = z.object({
  service: text({ max: 50, trim: false }).min(1),
  prompt: text({ max: 2000, trim: false }).optional().default(''),
  target: text({ max: 2000, trim: false }).min(1),
  profiles: z
    .array(z.object({ id: text({ max: 200, trim: false }).min(1), username: text({ max: 200, trim: false }).optional().default(''), name: text({ max: 200, trim: false }).optional().default('') }))
    .min(1)
    .max(1000),
});

/** 1.4: the answer: one draft per profile asked for (a profile left out has no draft); `language` the drafts are written in, if told. */
export const commentDraftsAnswerSchema = z.object({
  drafts: z
    .array(
      z.object({
        profile_id: z.union([text({ max: 200, trim: false }).min(1), z.number().int()]).transform(String),
        text: text({ max: CONTRACT_COMMENT_MAX, trim: false }).min(1),
      }),
    )
    .max(1000),
  language: text({ max: 3, trim: false }).regex(/^[a-z]{2,3}$/).optional().catch(undefined),
});
export type CommentDraftsAnswer = z.infer<typeof commentDraftsAnswerSchema>;

/*
 * 1.5 (issue #38 item 1): `verify`, one call per proof, asks whether a profile's action is still in
 * place. Optional: a provider without it answers 404, which we read as `unknown` (nothing changes).
 */
export const VERIFY_STATES = ['kept', 'undone', 'unknown'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];

/** The body of a `verify` call (POST). */
export type VerifyRequest = { order_id: string; task_id?: string; service: string; profile_id: string; target_url?: string; proof_url?: string };

export const verifyRequestSchema = z.object({
  order_id: text({ max: 200, trim: false }).min(1),
  task_id: text({ max: 200, trim: false }).optional(),
  service: text({ max: 50, trim: false }).min(1),
  profile_id: text({ max: 200, trim: false }).min(1),
  target_url: text({ max: 2000, trim: false }).optional(),
  proof_url: text({ max: 2000, trim: false }).optional(),
});

/** The answer: the action's state; anything but `kept` or `undone` is `unknown`. */
export const verifyAnswerSchema = z.object({ state: z.enum(VERIFY_STATES).catch('unknown') });

/**
 * Where a platform's `verify` endpoint is: the admin's `verify` endpoint, else the `islem_durumu`
 * URL with its last path segment replaced by `verify` (the layout of the simulated provider and of
 * docs/provider-api.md), else none.
 */
export function verifyUrlOf(endpoints: Record<string, string>): string | undefined {
  if (endpoints.verify) return endpoints.verify;
  const status = endpoints.islem_durumu;
  if (!status) return undefined;
  try {
    const url = new URL(status);
    url.pathname = url.pathname.replace(/\/[^/]*\/?$/, '/verify');
    url.search = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

/*
 * 1.6 (issue #37): `account_posts`, an optional call. GET <account_posts endpoint>?account=<handle>
 * answers the account's recent posts, newest first. A provider without it has no endpoint set for
 * the key; a watch on that platform is then refused (WATCH_UNSUPPORTED).
 */
export const accountPostSchema = z.object({
  id: z.union([text({ max: 200, trim: false }).min(1), z.number().int()]).transform(String),
  url: text({ max: 2000, trim: false }).min(1),
  created_at: text({ max: 40, trim: false }).refine((v) => !Number.isNaN(Date.parse(v))),
  text: text({ max: 5000, trim: false }).optional().default(''),
});
export type ProviderAccountPost = z.infer<typeof accountPostSchema>;

export const accountPostsSchema = z.object({
  posts: z.array(accountPostSchema).max(200),
});
