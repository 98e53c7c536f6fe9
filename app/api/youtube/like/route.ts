import { sendRoute } from '../../operations/_send';

/** POST /api/youtube/like (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('youtube_like');
