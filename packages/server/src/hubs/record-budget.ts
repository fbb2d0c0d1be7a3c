/**
 * What a session's live connections may send: a token bucket per session, refilled at
 * `rate` records a second up to `burst`. Shared by all connections of the session, so a client
 * that is cut off and reconnects finds its budget as it left it.
 */
export class RecordBudgets {
  private readonly buckets = new Map<string, { tokens: number; at: number; coolUntil?: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    // A bucket that has refilled is the same as none: forget it, so memory follows activity.
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  /** Takes one record from the session's budget; false when it is spent. */
  take(sessionId: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(sessionId) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.rate) / 1000);
    bucket.at = now;
    this.buckets.set(sessionId, bucket);
    if (bucket.tokens < 1) {
      // Cut off: new connections wait until half the burst is back (cooling down).
      bucket.coolUntil = now + ((this.burst / 2 - bucket.tokens) / this.rate) * 1000;
      return false;
    }
    bucket.tokens -= 1;
    return true;
  }

  /** Whether the session was cut off for flooding and its budget is not half back yet. */
  coolingDown(sessionId: string): boolean {
    return (this.buckets.get(sessionId)?.coolUntil ?? 0) > this.now();
  }

  sweep(): void {
    const now = this.now();
    for (const [sessionId, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.rate) / 1000 >= this.burst)
        this.buckets.delete(sessionId);
    }
  }

  /** Buckets held (for tests and diagnostics). */
  get size(): number {
    return this.buckets.size;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.buckets.clear();
  }
}
