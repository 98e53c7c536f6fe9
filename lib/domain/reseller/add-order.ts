import 'server-only';
import { ZodError } from 'zod';
import type { Db } from '@/db/client';
import { PLATFORM_REGISTRY, platformDescriptor } from '@/platforms';
import type { AuthUser } from '@/lib/domain/credentials';
import { PROMPT_SERVICES, platformOfService, type Service, takesText } from '@/lib/domain/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/domain/operations';
import { ensureProfilesSynced, readTargetInfo } from '@/lib/domain/profiles';
import { crewForSend } from '@/lib/domain/crews';
import { AppError } from '@/lib/infra/errors';
import { centsToDecimal, parseDollars } from '@/lib/infra/money';
import { customCommentLines, type AddRequest } from './schemas';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';

/** The send body's fields by the protocol's names (issue #33 item 5): a refusal names what the caller sent. */
const PROTOCOL_NAME: Record<string, string> = {
  ...Object.fromEntries(PLATFORM_REGISTRY.map((p) => [p.linkField, 'link'])),
  quote_tweet_url: 'link',
  prompt: 'comments',
  tweet_text: 'comments',
};

function inProtocolNames(error: ZodError): ZodError {
  return new ZodError(error.issues.map((issue) => ({ ...issue, path: issue.path.map((part, i) => (i === 0 && typeof part === 'string' ? (PROTOCOL_NAME[part] ?? part) : part)) })));
}

/**
 * The send schema of each service, with and without profiles, made once: zod compiles an object
 * schema at its first parse, and `omit` makes a new one (issue #35: 0.1 ms of every `add`).
 */
const schemas = new Map<string, ReturnType<typeof sendInputSchema>>();
function schemaOf(service: Service, withoutProfiles: boolean) {
  const key = `${service}:${withoutProfiles}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = sendInputSchema(service, { withoutProfiles })));
  return schema;
}

/**
 * `add`: the protocol's fields become the UI's send body and go through the very same
 * validation (SEND_SCHEMAS) and the very same sendOperation: package, profile limit, daily limit,
 * cooldown, price and balance, in one transaction under the user's row lock. `comments` is the
 * prompt of a comment service and the text of a new tweet (whose `link` is an optional tweet to
 * quote). With `quantity` the server picks the profiles inside that transaction; `request_id`
 * makes the call idempotent (sendOperation's origin). `max_charge` refuses an order dearer than
 * it before anything is charged; the answer is the order's number (issue #33 item 1) and `charge`,
 * what was debited (issue #33 item 6).
 */
export async function addOrder(
  db: Db,
  caller: { user: Pick<AuthUser, 'id' | 'rol'>; keyId: number },
  input: AddRequest,
  locale: Locale = 'tr',
): Promise<{ order: number; replayed: boolean; charge: string }> {
  const service = input.service as Service;
  const platform = platformOfService(service)!;
  // Issue #36 item 3: a crew names the profiles (its available ones; with `quantity`, the first
  // that many); the send checks them as any named profiles and records the crew.
  let crewId: number | undefined;
  let crewIds: number[] | undefined;
  if (input.crew !== undefined && input.crew !== '') {
    const crew = await crewForSend(db, { userId: caller.user.id, platform, ref: input.crew });
    const wanted = input.quantity === undefined ? crew.activeIds.length : input.quantity * (input.runs ?? 1);
    if (crew.activeIds.length === 0 || wanted > crew.activeIds.length) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: crew.activeIds.length } });
    crewIds = crew.activeIds.slice(0, wanted);
    crewId = crew.id;
  }
  const explicit = (input.profile_ids?.length ?? 0) > 0 || crewIds !== undefined;
  const body: Record<string, unknown> = {};
  if (explicit) body.profile_ids = crewIds ?? input.profile_ids;
  if (takesText(service)) {
    body.tweet_text = input.comments ?? '';
    body.quote_tweet_url = input.link ?? '';
  } else {
    body[platformDescriptor(platform)!.linkField] = input.link ?? '';
    if (PROMPT_SERVICES.includes(service)) body.prompt = input.comments ?? '';
  }
  // Issue #36 item 6: custom comments, one per line, one per profile (in the order of profile_ids,
  // or of the server's pick); their count is the quantity, or must equal it.
  const lines = customCommentLines(service, input.comments);
  if (lines) delete body.prompt;
  const parsed = schemaOf(service, !explicit).safeParse(body);
  if (!parsed.success) throw inProtocolNames(parsed.error);
  const send = parsed.data;
  const runs = input.runs ?? 1;
  // Drip-feed: `quantity` is per run (the protocol's meaning); the order holds all the runs' profiles.
  if (!explicit) send.quantity = input.quantity === undefined ? lines?.length : input.quantity * runs;
  if (lines) {
    const count = explicit ? (input.profile_ids?.length ?? 0) : (send.quantity ?? 0);
    if (lines.length !== count) throw new AppError('COMMENTS_MISMATCH');
    send.commentLines = lines;
  }
  send.startAt = input.start_at;
  send.crewId = crewId;
  send.spreadMinutes = input.spread_minutes;
  if (runs > 1) send.drip = { runs, intervalMinutes: input.interval ?? 0 };
  // Issue #33 item 6: `max_charge` is checked by the send, after the price and before any write.
  const maxChargeCents = input.max_charge === undefined ? undefined : (parseDollars(input.max_charge) ?? undefined);
  // Issue #35 item 5: the server's pick reads the profiles table, which is empty before the
  // platform's first sync (a fresh database): that sync happens first.
  if (!explicit) await ensureProfilesSynced(db, platform);
  // Custom comments are checked against the blocked words of the target's language, which the
  // provider's optional target_info tells (asked before the send's transaction; unknown: every list).
  const language = lines ? ((await readTargetInfo(db, platform, input.link ?? ''))?.language ?? null) : null;
  const result = await sendOperation(db, caller.user, service, send, {
    origin: { apiKeyId: caller.keyId, requestId: input.request_id },
    maxChargeCents,
    // Custom comments need no reviewed draft; a refused one is named by its line.
    ...(lines ? { comments: { withoutDrafts: true, language, label: (_id: number, index: number, username: string) => translate(locale, 'CommentReview.line', { line: index + 1, profile: `@${username}` }) ?? `${index + 1}` } } : {}),
  });
  // `charge`: what the order took from the balance (a replay answers the original order's charge, taken once).
  return { order: result.orderNumber, replayed: result.replayed === true, charge: centsToDecimal(result.priceCents) };
}
