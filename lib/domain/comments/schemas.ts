import { z } from 'zod';
import { MAX_PROFILES_PER_SEND, platformOfService, type Service } from '@/lib/domain/catalogue/services';
import { PROMPT_MAX, isLinkOf, textLength } from '@/lib/domain/operations/limits';
import { id, text } from '@/lib/infra/validation';
import { platformDescriptor } from '@/platforms';
import { isCommentService } from '@/lib/domain/operations/comment-rules';

/**
 * POST /api/comment-drafts {service, profile_ids, target, prompt?} (issue #36 item 6): a comment
 * service's key, 1–500 distinct profiles, the post's link (the service's platform), the prompt
 * that steers the drafts (as the send's). Messages are message keys (Validation.*).
 */
export const commentDraftsSchema = z
  .object({
    service: text({ max: 40, message: 'Validation.comment_service' }).refine(isCommentService, 'Validation.comment_service'),
    profile_ids: z
      .array(id('Validation.profile_required'), { message: 'Validation.profile_required' })
      .min(1, 'Validation.profile_required')
      .max(MAX_PROFILES_PER_SEND, 'Validation.profile_required')
      .refine((ids) => new Set(ids).size === ids.length, 'Validation.profiles_distinct'),
    target: text({ max: 2000, message: 'Validation.url_required', tooLong: 'Validation.url_required' }).min(1, 'Validation.url_required'),
    prompt: text({ max: PROMPT_MAX * 2, tooLong: 'Validation.prompt_too_long' })
      .refine((p) => textLength(p) <= PROMPT_MAX, 'Validation.prompt_too_long')
      .optional()
      .nullable()
      .transform((p) => p || undefined),
  })
  .superRefine((body, ctx) => {
    const platform = platformOfService(body.service);
    if (platform && !isLinkOf(platform, body.target, 'post')) ctx.addIssue({ code: 'custom', path: ['target'], message: platformDescriptor(platform)?.linkMessage ?? 'Validation.url_required' });
  })
  .transform((body) => ({ service: body.service as Service, profileIds: body.profile_ids, target: body.target.trim(), prompt: body.prompt }));
