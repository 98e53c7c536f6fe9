import 'server-only';
import type { Db } from '@/db/client';
import type { AuthUser } from '@/lib/auth';
import { PROMPT_SERVICES, platformOfService, type Service } from '@/lib/catalogue/services';
import { sendInputSchema, sendOperation } from '@/lib/operations';
import type { AddRequest } from './schemas';

/** The §7 field that carries the link of each platform's sends. */
const LINK_FIELD = { twitter: 'tweet_url', instagram: 'reels_url', youtube: 'youtube_url' } as const;

/**
 * `add`: the protocol's fields become the UI's send body and go through the very same
 * validation (SEND_SCHEMAS) and the very same sendOperation: package, profile limit, daily limit,
 * cooldown, price and balance, in one transaction under the user's row lock. `comments` is the
 * prompt of a comment service and the text of a new tweet (whose `link` is an optional tweet to
 * quote). With `quantity` the server picks the profiles inside that transaction; `request_id`
 * makes the call idempotent (sendOperation's origin). The answer is the order's number (issue #33).
 */
export async function addOrder(db: Db, caller: { user: Pick<AuthUser, 'id' | 'rol'>; keyId: number }, input: AddRequest): Promise<{ order: number; replayed: boolean }> {
  const service = input.service as Service;
  const platform = platformOfService(service)!;
  const explicit = (input.profile_ids?.length ?? 0) > 0;
  const body: Record<string, unknown> = {};
  if (explicit) body.profile_ids = input.profile_ids;
  if (service === 'new_tweet') {
    body.tweet_text = input.comments ?? '';
    body.quote_tweet_url = input.link ?? '';
  } else {
    body[LINK_FIELD[platform]] = input.link ?? '';
    if (PROMPT_SERVICES.includes(service)) body.prompt = input.comments ?? '';
  }
  const send = sendInputSchema(service, { withoutProfiles: !explicit }).parse(body);
  const runs = input.runs ?? 1;
  // Drip-feed: `quantity` is per run (the protocol's meaning); the order holds all the runs' profiles.
  if (!explicit) send.quantity = input.quantity === undefined ? undefined : input.quantity * runs;
  send.startAt = input.start_at;
  send.spreadMinutes = input.spread_minutes;
  if (runs > 1) send.drip = { runs, intervalMinutes: input.interval ?? 0 };
  const result = await sendOperation(db, caller.user, service, send, { origin: { apiKeyId: caller.keyId, requestId: input.request_id } });
  return { order: result.orderNumber, replayed: result.replayed === true };
}
