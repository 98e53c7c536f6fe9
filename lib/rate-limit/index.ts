export { hitRateLimit, enforceRateLimit, enforceRateLimits, refundRateLimit, pruneRateLimits, takeRateLimits, startWait, waitSeconds, clearRateLimit, rateLimited, type RateLimitRule, type RateLimitResult } from './hit-rate-limit';
export { clientIp } from './client-ip';
