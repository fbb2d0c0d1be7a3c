/** Waits of a reconnect loop: doubling from `initialMs` up to `maxMs`, each with up to 25 % less at random, so many devices do not reconnect in step. */
export function backoffDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const full = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(full * (0.75 + 0.25 * random()));
}
