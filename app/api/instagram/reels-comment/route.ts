import { sendRoute } from '../../operations/_send';

/** POST /api/instagram/reels-comment (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('reels_comment');
