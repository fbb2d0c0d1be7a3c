import type { ProcessValue } from '@leitwarte/core';

/**
 * The PVs one connection subscribed to and the values not yet sent to it. Only the latest
 * value per PV is kept (conflation), so memory per connection is bounded by the number of
 * subscribed PVs, however fast values change and however slowly the client reads.
 */
export class PvSubscriptions {
  private readonly subscribed = new Set<string>();
  private readonly pending = new Map<string, ProcessValue>();
  /** Batches sent, and ticks skipped because the socket still held too many unsent bytes. */
  sentBatches = 0;
  skippedTicks = 0;

  has(key: string): boolean {
    return this.subscribed.has(key);
  }

  keys(): IterableIterator<string> {
    return this.subscribed.values();
  }

  add(key: string): void {
    this.subscribed.add(key);
  }

  remove(key: string): void {
    this.subscribed.delete(key);
    this.pending.delete(key);
  }

  /** Queues a value; a newer value replaces the queued one and keeps its place in line. */
  offer(key: string, value: ProcessValue): void {
    if (this.subscribed.has(key)) this.pending.set(key, value);
  }

  get subscribedCount(): number {
    return this.subscribed.size;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Takes up to max queued values, longest waiting first; the rest stays for the next tick. */
  take(max: number): ProcessValue[] {
    const batch: ProcessValue[] = [];
    for (const [key, value] of this.pending) {
      if (batch.length >= max) break;
      batch.push(value);
      this.pending.delete(key);
    }
    return batch;
  }
}
