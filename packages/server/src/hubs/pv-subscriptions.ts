import type { ProcessValue } from '@leitwarte/core';

/**
 * The latest value of one PV, shared by every connection subscribed to it. Its JSON is encoded
 * to UTF-8 once per change, however many connections it goes to: a batch is the concatenation of
 * these bytes, so no connection serialises or encodes a value of its own.
 */
export class PvSlot {
  private encoded: Buffer | null = null;

  constructor(
    readonly key: string,
    private current: ProcessValue | undefined,
  ) {}

  get value(): ProcessValue | undefined {
    return this.current;
  }

  set(value: ProcessValue): void {
    this.current = value;
    this.encoded = null;
  }

  /** The value as JSON bytes. */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(JSON.stringify(this.current));
    return this.encoded;
  }
}

/** One connection's subscription to one PV: links the PV's slot to the connection's queue. */
export class PvSubscription {
  /** Waiting in the connection's queue. */
  pending = false;
  /** False once unsubscribed: the link is dead even if someone still holds it. */
  active = true;

  constructor(readonly slot: PvSlot) {}
}

/**
 * The PVs one connection subscribed to and those with a change not yet sent to it. A waiting PV
 * is a flag on its subscription plus its place in line; the slot always holds the latest value,
 * so only the latest value per PV is sent (conflation) and the queue never holds more entries
 * than the connection subscribed, however fast values change and however slowly it reads. A
 * change costs a flag test and an array push, no lookup: it is paid once per subscriber.
 */
export class PvSubscriptions {
  private readonly subscribed = new Map<string, PvSubscription>();
  private queue: PvSubscription[] = [];
  private waiting = 0;
  /** Batches sent, and ticks skipped because the socket still held too many unsent bytes. */
  sentBatches = 0;
  skippedTicks = 0;

  has(key: string): boolean {
    return this.subscribed.has(key);
  }

  keys(): IterableIterator<string> {
    return this.subscribed.keys();
  }

  /** Subscribes to a PV (again: the existing link) and returns the link changes go through. */
  add(slot: PvSlot): PvSubscription {
    const known = this.subscribed.get(slot.key);
    if (known?.slot === slot) return known;
    if (known !== undefined) this.remove(slot.key);
    const subscription = new PvSubscription(slot);
    this.subscribed.set(slot.key, subscription);
    return subscription;
  }

  remove(key: string): void {
    const subscription = this.subscribed.get(key);
    if (subscription === undefined) return;
    this.subscribed.delete(key);
    subscription.active = false;
    if (subscription.pending) {
      // Its queue entry stays until the next take, which skips it.
      subscription.pending = false;
      this.waiting -= 1;
      if (this.waiting === 0) this.queue = [];
    }
  }

  /**
   * Marks a PV as changed; a PV already waiting keeps its place in line and goes out with its
   * latest value. Changes through a link that was unsubscribed are ignored.
   */
  offer(subscription: PvSubscription): void {
    if (subscription.pending || !subscription.active) return;
    subscription.pending = true;
    this.queue.push(subscription);
    this.waiting += 1;
  }

  get subscribedCount(): number {
    return this.subscribed.size;
  }

  get pendingCount(): number {
    return this.waiting;
  }

  /** Takes up to max waiting PVs, longest waiting first; the rest stays for the next tick. */
  take(max: number): PvSlot[] {
    const batch: PvSlot[] = [];
    const queue = this.queue;
    let at = 0;
    for (; at < queue.length && batch.length < max; at++) {
      const subscription = queue[at] as PvSubscription;
      if (!subscription.pending) continue;
      subscription.pending = false;
      batch.push(subscription.slot);
    }
    this.waiting -= batch.length;
    this.queue = at === queue.length ? [] : queue.slice(at);
    return batch;
  }
}

const RECORD_END = Buffer.from(']]}\x1e');
const COMMA = 0x2c;

/**
 * Encodes one record `{"type":1,"target":<target>,"arguments":[[v1,v2,…]]}` plus the separator
 * from the slots' bytes, copied once into a buffer of the exact size.
 */
export function batchRecordEncoder(target: string): (slots: readonly PvSlot[]) => Buffer {
  const head = Buffer.from(`{"type":1,"target":${JSON.stringify(target)},"arguments":[[`);
  return (slots) => {
    // The values, a comma between each two.
    let size = head.length + RECORD_END.length + Math.max(0, slots.length - 1);
    for (const slot of slots) size += slot.bytes.length;
    const record = Buffer.allocUnsafe(size);
    record.set(head, 0);
    let at = head.length;
    for (let i = 0; i < slots.length; i++) {
      if (i > 0) record[at++] = COMMA;
      const bytes = (slots[i] as PvSlot).bytes;
      record.set(bytes, at);
      at += bytes.length;
    }
    record.set(RECORD_END, at);
    return record;
  };
}
