import 'server-only';

/** Deliveries of one event are tried for this long after the event. */
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600;
/** One attempt waits this long for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Seconds before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, 4 min, … doubling
 * up to 2 h, then every 2 h until the window ends (about 20 attempts in 24 h).
 */
export function webhookRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 7200);
}
