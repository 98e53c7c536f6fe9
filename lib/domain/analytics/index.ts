export { getAnalytics, type Analytics, type DayPoint, type SuccessRate, type TopCustomer, type PoolHealth } from './get-analytics';
export { analyticsQuery, ANALYTICS_RANGES, type AnalyticsRange } from './schemas';
