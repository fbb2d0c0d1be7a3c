// Bounded memory: beyond this many names or addresses, the oldest entries are forgotten.
const MAX_ENTRIES = 10_000;

/**
 * Lockout of names that are no user (or a disabled one), kept like a user's: consecutive
 * failures, then locked for the lockout time. So an unknown name is answered exactly like a
 * known one: 401 until the same count, then 423 for the same time. Kept in memory, bounded:
 * a name that no user has needs no row in the store.
 */
export class NameLockouts {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly now: () => number,
  ) {}

  locked(name: string): boolean {
    return (this.entries.get(name)?.lockedUntil ?? 0) > this.now();
  }

  /** Counts a failure; true when it locks the name. */
  fail(name: string, lockoutMs: number): boolean {
    const entry = this.entries.get(name) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(name);
    entry.failures += 1;
    const locks = entry.failures >= this.maxFailures;
    if (locks) Object.assign(entry, { failures: 0, lockedUntil: this.now() + lockoutMs });
    this.entries.set(name, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return locks;
  }
}

/**
 * Failed logins per client address in a sliding window. An address with `max` failures in
 * the window is refused before any password is checked, until its oldest failure leaves the
 * window: one client can lock out only a few users, however many names it knows.
 */
export class AddressThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private recent(address: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(address);
    else this.failures.set(address, times);
    return times;
  }

  /** When the address may try again (ms since the epoch), or null when it may now. */
  blockedUntil(address: string): number | null {
    const times = this.recent(address);
    const oldestCounted = times[times.length - this.max];
    return oldestCounted === undefined ? null : oldestCounted + this.windowMs;
  }

  fail(address: string): void {
    const times = this.recent(address);
    this.failures.delete(address);
    this.failures.set(address, [...times, this.now()].slice(-this.max));
    if (this.failures.size > MAX_ENTRIES) this.failures.delete(this.failures.keys().next().value as string);
  }
}
