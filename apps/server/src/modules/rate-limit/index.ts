/** What other modules may use of rate limit (ADR 051): everything else here is its own. */
export { TOO_MANY_REQUESTS, accountKey, rateLimitRules } from './service.ts';
export type { RateLimitRule, RateLimiter } from './service.ts';
