import { useEffect, useState } from 'react';

/** Whole seconds until `at` (null when no time is given), updated every second. */
export function useCountdown(at: number | null, now: () => number = Date.now): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now()) / 1000));
}
