import { sendRoute } from '../../operations/_send';

/** POST /api/youtube/comment (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('youtube_comment');
