/** How many refusal rows are written per minute before the rest are only counted. */
export interface RefusalLimits {
  /** Per caller address, action and object (a route, a PV, a user). */
  perKey: number;
  /** For all callers together: a flood from many addresses is bounded too. */
  total: number;
  windowMs: number;
}

/**
 * 20 rows a minute per address, action and object, 1,200 a minute in all: enough for every
 * refusal a person causes, while a flood writes at most 1,200 rows (about 0.4 MB) a minute.
 */
export const REFUSAL_LIMITS: RefusalLimits = { perKey: 20, total: 1200, windowMs: 60_000 };

/** Rows of one key that were counted but not written, for the summary row. */
export interface Suppressed {
  key: string;
  count: number;
  /** The first suppressed entry, whose fields the summary row repeats. */
  sample: { action: string; object: string | null; remoteAddress: string | null; username: string | null };
}

// Bounded memory: beyond this many keys in a window, new keys share one overflow key.
const MAX_KEYS = 10_000;
const OVERFLOW_KEY = '(other callers)';

/**
 * Rate limit of refusal audit rows. Fixed one-minute windows; take() says whether a row may
 * be written now, and endWindow() hands over what was suppressed, so one summary row per key
 * ("n more refusals like this") keeps the evidence complete without a row per attempt.
 */
export class RefusalLimiter {
  private counts = new Map<string, number>();
  private suppressed = new Map<string, Suppressed>();
  private total = 0;
  private windowStart: number;

  constructor(
    private readonly limits: RefusalLimits,
    now: number,
  ) {
    this.windowStart = now;
  }

  /** True when this refusal may be written; false when it was counted instead. */
  take(key: string, sample: Suppressed['sample']): boolean {
    const known = this.counts.has(key) || this.counts.size < MAX_KEYS;
    const slot = known ? key : OVERFLOW_KEY;
    const count = (this.counts.get(slot) ?? 0) + 1;
    this.counts.set(slot, count);
    if (count <= this.limits.perKey && this.total < this.limits.total && known) {
      this.total += 1;
      return true;
    }
    const entry = this.suppressed.get(slot) ?? { key: slot, count: 0, sample };
    entry.count += 1;
    this.suppressed.set(slot, entry);
    return false;
  }

  /** Whether the current window is over at `now`. */
  windowOver(now: number): boolean {
    return now - this.windowStart >= this.limits.windowMs;
  }

  /** Starts a new window; returns what the old one suppressed. */
  endWindow(now: number): Suppressed[] {
    const result = [...this.suppressed.values()];
    this.counts = new Map();
    this.suppressed = new Map();
    this.total = 0;
    this.windowStart = now;
    return result;
  }
}
