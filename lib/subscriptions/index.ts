export { assignSubscriptions, SUBSCRIPTION_DAYS, type AssignInput, type AssignedSubscription } from './assign-subscriptions';
