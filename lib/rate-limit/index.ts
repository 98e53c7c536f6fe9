export { hitRateLimit, enforceRateLimit, enforceRateLimits, refundRateLimit, pruneRateLimits, rateLimited, type RateLimitRule, type RateLimitResult } from './hit-rate-limit';
export { clientIp } from './client-ip';
