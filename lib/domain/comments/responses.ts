import { z } from 'zod';

/** POST /api/comment-drafts's answer, for the OpenAPI description (route()'s `response`, not checked at run time). */
export const commentDraftsResponse = z.object({
  drafts: z
    .array(
      z.object({
        profile_id: z.number().int().describe('The profile (the site’s id, as the profile list shows it).'),
        text: z.string().describe('The provider’s draft, in the target’s language.'),
        blocked_word: z.string().optional().describe('Present when the draft holds a blocked word or phrase (site settings): it must be edited before approval.'),
      }),
    )
    .describe('One draft per profile the provider wrote for, in the order asked; a profile left out got none.'),
  expires_at: z.string().describe('ISO time until which these drafts can be approved and sent (the site’s draft lifetime setting, 30 minutes by default).'),
  language: z.string().optional().describe('The language the drafts are written in, when the provider tells.'),
});
