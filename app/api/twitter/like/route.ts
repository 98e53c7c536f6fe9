import { sendRoute } from '../../operations/_send';

/** POST /api/twitter/like (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('like');
