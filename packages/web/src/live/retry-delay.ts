const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const JITTER = 0.2;

/**
 * Delay before the next connection attempt: at once, then 1 s, 2 s, 4 s … capped at 30 s, with ±20 %
 * jitter so a restarted server is not hit by every control room at the same instant. It never gives
 * up: a control-room screen must keep trying for as long as it is open.
 */
export function reconnectDelay(previousRetryCount: number, random: () => number = Math.random): number {
  if (previousRetryCount <= 0) return 0;
  const exponential = FIRST_DELAY_MS * 2 ** Math.min(previousRetryCount - 1, 16);
  const jittered = Math.min(MAX_DELAY_MS, exponential) * (1 + (random() * 2 - 1) * JITTER);
  return Math.round(Math.min(MAX_DELAY_MS, jittered));
}
