export { assignSubscriptions, extendedEnd, SUBSCRIPTION_DAYS, type AssignInput, type AssignedSubscription } from './assign-subscriptions';
export { holdsSlot, notEnded, inForce, inForceSql } from './filters';
export { listCurrentPlans, type CurrentPlan } from './list-current-plans';
