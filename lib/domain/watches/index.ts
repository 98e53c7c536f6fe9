import 'server-only';
export { createWatch, listWatches, getWatch, updateWatch, deleteWatch, setWatchPaused, watchableServices, watchPageData } from './manage-watches';
export { WATCH_TASK, pollWatches, pollWatch, actOnPosts, flushActedNotices, ACTED_NOTICE_EVERY_MS, backoffSeconds, MAX_BACKOFF_SECONDS, type PollOptions } from './poll-watches';
export { parseAccount } from './account';
export * from './schemas';
export * from './responses';
// Issue #37 item 4: watches as the reseller protocol's subscriptions.
export { createSubscription, subscriptionStatuses, ownSubscriptionNumbers, cancelSubscription, protocolStatusOf, type SubscriptionInput, type SubscriptionStatus } from './subscriptions';
export { profilesForPost } from './poll-watches';
// Issue #37 item 5: the operators' view.
export { listAllWatches, getAdminWatch, adminSetWatchPaused, watchFigures } from './admin-watches';
