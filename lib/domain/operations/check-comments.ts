import 'server-only';
import type { Db } from '@/db/client';
import { rawQuery } from '@/db/raw';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { blockedWordsFor, commentMax, commentTextProblem, findBlockedWord, findNearIdentical, normalizeComment, type BlockedWords } from './comment-rules';

export type ApprovedComment = { profile_id: number; text: string };

/** What a refused comment is called in the error: the profile's handle, or (reseller API) its line. */
export type CommentLabel = (profileId: number, index: number, username: string) => string;

const PROFILES_AND_SETTINGS = `
  select p.id, p.username,
         (select s.blocked_words from site_settings s where s.id = 1) as "blockedWords"
    from unnest($1::int[]) as c(id) join profiles p on p.id = c.id`;

const LIVE_DRAFTS = `
  select d.profile_id as "profileId", d.language from comment_drafts d
   where d.user_id = $1::int and d.target_url = $2::text and d.profile_id = any($3::int[]) and d.expires_at > $4::timestamptz`;

/**
 * Every text a profile posted, or is posting, on this target with this service: approved comments
 * of earlier orders (not cancelled) and the texts providers reported as proof.
 */
const PAST_TEXTS = `
  select (c.value->>'profile_id')::int as "profileId", c.value->>'text' as text
    from orders o, jsonb_array_elements(coalesce(o.comments, '[]'::jsonb)) c
   where o.service = $1::text and o.target_url = $2::text and o.status <> 'cancelled'
     and (c.value->>'profile_id')::int = any($3::int[])
  union all
  select (r.value->>'profile_id')::int, r.value->>'text'
    from orders o, jsonb_array_elements(o.results) r
   where o.service = $1::text and o.target_url = $2::text
     and r.value->>'text' is not null and r.value->>'result' = 'success'
     and (r.value->>'profile_id')::int = any($3::int[])`;

/**
 * Issue #36 item 6: the approved comments of a send, checked inside its transaction after the
 * target's lock (so earlier sends on the target are committed and seen). In order:
 *
 * 1. exactly the order's profiles, each once (COMMENTS_MISMATCH);
 * 2. each text non-empty and within the service's limit (COMMENT_EMPTY, COMMENT_TOO_LONG);
 * 3. no blocked word or phrase (COMMENT_BLOCKED_WORD, naming the word and the profile): the list of
 *    the target's language and the list for all (`*`). The language is the one the provider wrote
 *    the reviewed drafts in (stored with them), else `language` (the reseller API asks the
 *    provider's `target_info`); when neither is known, every language's list applies;
 * 4. no two near-identical (COMMENTS_NEAR_IDENTICAL, naming both);
 * 5. with `requireDrafts` (the site; not the reseller API): a live draft of this customer for each
 *    profile on this target (DRAFTS_EXPIRED);
 * 6. no profile posts a text it already posted on this target (COMMENT_REPEATED).
 *
 * Returns the comments in the order's profile order, texts as given (trimmed at the ends).
 */
export async function checkApprovedComments(
  tx: Db,
  input: {
    userId: number;
    platform: Platform;
    service: Service;
    targetUrl: string;
    profileIds: number[];
    comments: ApprovedComment[];
    requireDrafts: boolean;
    now: Date;
    /** How a profile is named in errors (default: @username). */
    label?: CommentLabel;
    /** The target's language when the caller knows it (drafts' own language wins). */
    language?: string | null;
  },
): Promise<ApprovedComment[]> {
  const { comments, profileIds } = input;
  const byProfile = new Map(comments.map((c) => [c.profile_id, c.text.trim()]));
  if (byProfile.size !== comments.length || byProfile.size !== profileIds.length || profileIds.some((id) => !byProfile.has(id))) {
    throw new AppError('COMMENTS_MISMATCH');
  }
  const ordered = profileIds.map((id) => ({ profile_id: id, text: byProfile.get(id)! }));
  const rows = await rawQuery<{ id: number; username: string; blockedWords: BlockedWords | null }>(tx, PROFILES_AND_SETTINGS, [profileIds]);
  const usernames = new Map(rows.map((r) => [r.id, r.username]));
  const index = new Map(comments.map((c, i) => [c.profile_id, i]));
  // The reseller API's custom comments are named by their line: its number is in the answer too.
  const line = (id: number) => (input.label ? { line: index.get(id)! + 1 } : {});
  const name = (id: number) => (input.label ? input.label(id, index.get(id)!, usernames.get(id) ?? String(id)) : `@${usernames.get(id) ?? id}`);

  for (const c of ordered) {
    const problem = commentTextProblem(c.text, input.service);
    if (problem === 'empty') throw new AppError('COMMENT_EMPTY', { params: { profile: name(c.profile_id) }, extra: { profile_id: c.profile_id, ...line(c.profile_id) } });
    if (problem === 'too_long') {
      throw new AppError('COMMENT_TOO_LONG', { params: { profile: name(c.profile_id), max: commentMax(input.service) }, extra: { profile_id: c.profile_id, max: commentMax(input.service), ...line(c.profile_id) } });
    }
  }
  // The live drafts are read first: their language chooses the blocked words.
  const drafts = input.requireDrafts ? await rawQuery<{ profileId: number; language: string | null }>(tx, LIVE_DRAFTS, [input.userId, input.targetUrl, profileIds, input.now.toISOString()]) : [];
  const draftLanguage = drafts.find((d) => d.language)?.language;
  const words = blockedWordsFor(rows[0]?.blockedWords ?? {}, draftLanguage ?? input.language ?? undefined);
  for (const c of ordered) {
    const word = findBlockedWord(c.text, words);
    if (word) throw new AppError('COMMENT_BLOCKED_WORD', { params: { word, profile: name(c.profile_id) }, extra: { profile_id: c.profile_id, word, ...line(c.profile_id) } });
  }
  const pair = findNearIdentical(ordered.map((c) => c.text));
  if (pair) {
    const [a, b] = pair.map((i) => ordered[i]!.profile_id) as [number, number];
    throw new AppError('COMMENTS_NEAR_IDENTICAL', { params: { profile: name(a), other: name(b) }, extra: { profile_ids: [a, b], ...(input.label ? { lines: [index.get(a)! + 1, index.get(b)! + 1] } : {}) } });
  }
  if (input.requireDrafts) {
    const live = new Set(drafts.map((r) => r.profileId));
    const expired = profileIds.filter((id) => !live.has(id));
    if (expired.length > 0) throw new AppError('DRAFTS_EXPIRED', { params: { count: expired.length }, extra: { profile_ids: expired } });
  }
  const past = await rawQuery<{ profileId: number; text: string }>(tx, PAST_TEXTS, [input.service, input.targetUrl, profileIds]);
  if (past.length > 0) {
    const posted = new Set(past.map((p) => `${p.profileId}|${normalizeComment(p.text)}`));
    const repeated = ordered.find((c) => posted.has(`${c.profile_id}|${normalizeComment(c.text)}`));
    if (repeated) throw new AppError('COMMENT_REPEATED', { params: { profile: name(repeated.profile_id) }, extra: { profile_id: repeated.profile_id, ...line(repeated.profile_id) } });
  }
  return ordered;
}
