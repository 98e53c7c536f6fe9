import { sendRoute } from '../../operations/_send';

/** POST /api/instagram/reels-bookmark (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('reels_bookmark');
