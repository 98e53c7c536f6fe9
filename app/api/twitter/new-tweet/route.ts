import { sendRoute } from '../../operations/_send';

/** POST /api/twitter/new-tweet (§7 "Service use"): {success, task_id}. */
export const POST = sendRoute('new_tweet');
