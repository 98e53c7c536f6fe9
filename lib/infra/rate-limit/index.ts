export { hitRateLimit, rateLimitHitSql, rateLimitResult, type RateLimitHitRow, enforceRateLimit, enforceRateLimits, refundRateLimit, pruneRateLimits, takeRateLimits, startWait, waitSeconds, clearRateLimit, rateLimited, type RateLimitRule, type RateLimitResult } from './hit-rate-limit';
export { clientIp } from './client-ip';
