/** Schedules a flush at most once per tick; see createTickThrottle. */
export interface TickThrottle {
  request(): void;
  stop(): void;
}

/**
 * Runs `flush` soon after `request()`, but at most once per `tickMs`: the first change after a
 * quiet spell goes out at once (low latency), changes during a burst are gathered into the next
 * tick (at most one batch per tick). A request during a flush schedules the next one.
 */
export function createTickThrottle(tickMs: number, flush: () => void): TickThrottle {
  let immediate: NodeJS.Immediate | null = null;
  let timeout: NodeJS.Timeout | null = null;
  let last = Number.NEGATIVE_INFINITY;
  let stopped = false;

  const run = () => {
    immediate = null;
    timeout = null;
    if (stopped) return;
    last = Date.now();
    flush();
  };

  return {
    request() {
      if (immediate !== null || timeout !== null || stopped) return;
      const wait = last + tickMs - Date.now();
      // setImmediate: several batches a source emits in one go are still sent as one.
      if (wait <= 0) immediate = setImmediate(run);
      else {
        timeout = setTimeout(run, wait);
        timeout.unref();
      }
    },
    stop() {
      stopped = true;
      if (immediate !== null) clearImmediate(immediate);
      if (timeout !== null) clearTimeout(timeout);
      immediate = null;
      timeout = null;
    },
  };
}
