import 'server-only';
export { createWatch, listWatches, getWatch, updateWatch, deleteWatch, setWatchPaused, watchableServices, watchPageData } from './manage-watches';
export { WATCH_TASK, pollWatches, pollWatch, actOnPosts, flushActedNotices, ACTED_NOTICE_EVERY_MS, backoffSeconds, MAX_BACKOFF_SECONDS, type PollOptions } from './poll-watches';
export { parseAccount } from './account';
export * from './schemas';
export * from './responses';
