import { requestCommentDrafts } from '@/lib/domain/comments/drafts';
import { commentDraftsSchema } from '@/lib/domain/comments/schemas';
import { commentDraftsResponse } from '@/lib/domain/comments/responses';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/comment-drafts {service, profile_ids, target, prompt?} → {drafts: [{profile_id, text, blocked_word?}], expires_at, language?}
 * (issue #36 item 6): the provider's draft of each profile's comment on the target, kept for the
 * send's approval until `expires_at`. One profile id: that profile's redraft (a new text).
 */
export const POST = route(
  {
    auth: 'user',
    body: commentDraftsSchema,
    summary: 'Comment drafts to review before sending',
    description:
      'Asks the fulfilment provider (provider contract 1.4, its drafts call) for one draft per profile in the target’s language. The customer edits and approves them and sends them as `comments` with the comment service’s send. At most as many profiles as one send may tick (the package’s profile limit, 400 PROFILE_LIMIT_EXCEEDED). Limited to 20 requests a minute. A provider without drafts: 409 DRAFTS_NOT_OFFERED.',
    response: commentDraftsResponse,
  },
  async ({ db, user, input }) => ok({ ...(await requestCommentDrafts(db, user, input)) }),
);
