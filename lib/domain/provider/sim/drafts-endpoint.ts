import { SERVICES, type Platform } from '@/lib/domain/catalogue/services';
import { allServices } from '@/platforms';
import { commentDraftsRequestSchema, sendCommentsSchema } from '../contract';
import { writeDrafts } from './drafts';
import { simProfiles } from './profiles';

/**
 * Contract 1.4 on the simulated provider (issue #36 item 6): the `comment_drafts` call and the
 * sends' `comments`. Kept apart from simulator.ts so the contract's other minor versions merge
 * without touching the same lines.
 */
const COMMENT_SERVICES = new Set(allServices().filter(({ service }) => service.input === 'prompt').map(({ service }) => service.key));

export function handleCommentDrafts(
  platform: Platform,
  rawBody: string,
  seed: string,
  counters: Map<string, { n: number; last: string }>,
): { status: number; body: unknown } {
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody || 'null');
  } catch {
    return { status: 400, body: { error: 'invalid_json' } };
  }
  const parsed = commentDraftsRequestSchema.safeParse(raw);
  if (!parsed.success) return { status: 400, body: { error: 'invalid_request' } };
  const body = parsed.data;
  if (!(SERVICES[platform] as readonly string[]).includes(body.service) || !COMMENT_SERVICES.has(body.service)) return { status: 400, body: { error: 'not_a_comment_service' } };
  // Profiles the simulator does not manage (or that rest) get no draft, as a real provider would.
  const known = new Map(simProfiles(platform).map((p) => [p.id, p]));
  const ids = [...new Set(body.profiles.map((p) => p.id))].filter((id) => known.get(id)?.status === 'active');
  return { status: 200, body: writeDrafts({ seed, target: body.target, prompt: body.prompt, profileIds: ids }, counters) };
}

/** The send body's approved texts by provider id (empty: none given); null when `comments` is malformed. */
export function commentsBySendBody(raw: unknown): Map<string, string> | null {
  const parsed = sendCommentsSchema.safeParse(raw);
  if (!parsed.success) return null;
  return new Map((parsed.data.comments ?? []).map((c) => [c.profile_id, c.text]));
}
