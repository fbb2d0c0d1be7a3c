import type { ProcessValue } from '@leitwarte/core';

/**
 * The JSON of values encoded together, joined by commas. Values that change together (a
 * station's report) and are subscribed together lie next to each other, so a batch copies such
 * a run of values, commas included, in one go instead of value by value.
 */
class ValueBlock {
  /** Slots whose bytes still lie here. */
  live: number;

  constructor(
    readonly bytes: Buffer,
    readonly slots: readonly PvSlot[],
  ) {
    this.live = slots.length;
  }
}

// A block whose values mostly changed since is let go, so one value that never changes again
// cannot keep a whole report's bytes in memory: its slot encodes it again on demand.
const MIN_LIVE_SHARE = 4;

/**
 * The latest value of one PV, shared by every connection subscribed to it. Its JSON is encoded
 * to UTF-8 at most once per change, however many connections it goes to: a batch is the
 * concatenation of these bytes, so no connection serialises or encodes a value of its own.
 */
export class PvSlot {
  /**
   * The connections subscribed to this PV and each one's number for it, side by side: a change
   * walks these two arrays once and touches no per-subscription object.
   */
  readonly owners: PvSubscriptions[] = [];
  readonly ids: number[] = [];
  private block: ValueBlock | null = null;
  private start = 0;
  private end = 0;

  constructor(
    readonly key: string,
    private current: ProcessValue | undefined,
  ) {}

  get value(): ProcessValue | undefined {
    return this.current;
  }

  set(value: ProcessValue): void {
    this.current = value;
    this.leaveBlock();
  }

  /** The value as JSON bytes. */
  get bytes(): Buffer {
    const block = this.encodedBlock();
    return block.bytes.subarray(this.start, this.end);
  }

  get encoded(): boolean {
    return this.block !== null;
  }

  /** Length of the value's JSON in bytes. */
  get byteLength(): number {
    this.encodedBlock();
    return this.end - this.start;
  }

  /** Forgets the bytes once nobody watches the PV any more. */
  release(): void {
    this.leaveBlock();
  }

  attach(owner: PvSubscriptions, id: number): void {
    owner.slotPositions[id] = this.owners.length;
    this.owners.push(owner);
    this.ids.push(id);
  }

  detach(owner: PvSubscriptions, id: number): void {
    const at = owner.slotPositions[id] as number;
    const last = this.owners.length - 1;
    if (this.owners[at] !== owner || this.ids[at] !== id) return;
    if (at !== last) {
      // The last entry fills the gap.
      const movedOwner = this.owners[last] as PvSubscriptions;
      const movedId = this.ids[last] as number;
      this.owners[at] = movedOwner;
      this.ids[at] = movedId;
      movedOwner.slotPositions[movedId] = at;
    }
    this.owners.pop();
    this.ids.pop();
  }

  /** Copies the bytes of this slot and of the following slots that lie right behind it. */
  static copyRun(
    slots: readonly PvSlot[],
    from: number,
    target: Buffer,
    at: number,
  ): { next: number; at: number } {
    const first = slots[from] as PvSlot;
    const block = first.encodedBlock();
    let end = first.end;
    let next = from + 1;
    for (; next < slots.length; next++) {
      const slot = slots[next] as PvSlot;
      // One comma between neighbours: the block's own comma goes along.
      if (slot.block !== block || slot.start !== end + 1) break;
      end = slot.end;
    }
    block.bytes.copy(target, at, first.start, end);
    return { next, at: at + end - first.start };
  }

  /** Encodes the values of slots without bytes into one block, in this order. */
  static encodeTogether(slots: readonly PvSlot[]): void {
    const texts = slots.map((slot) => JSON.stringify(slot.current));
    const text = texts.join(',');
    // Values are numbers and names, so ASCII: one byte per character, offsets by string length.
    if (Buffer.byteLength(text) !== text.length) {
      slots.forEach((slot) => slot.encodedBlock());
      return;
    }
    const block = new ValueBlock(Buffer.from(text, 'latin1'), slots);
    let at = 0;
    slots.forEach((slot, i) => {
      slot.block = block;
      slot.start = at;
      slot.end = at + (texts[i] as string).length;
      at = slot.end + 1;
    });
  }

  private encodedBlock(): ValueBlock {
    if (this.block === null) {
      const bytes = Buffer.from(JSON.stringify(this.current));
      this.block = new ValueBlock(bytes, [this]);
      this.start = 0;
      this.end = bytes.length;
    }
    return this.block;
  }

  private leaveBlock(): void {
    const block = this.block;
    if (block === null) return;
    this.block = null;
    block.live -= 1;
    if (block.live === 0 || block.live * MIN_LIVE_SHARE > block.slots.length) return;
    for (const slot of block.slots) if (slot.block === block) slot.block = null;
    block.live = 0;
  }
}

/**
 * The PVs one connection subscribed to and those with a change not yet sent to it. Each
 * subscription is a number in the connection (no object of its own: a thousand connections of
 * a thousand PVs would be a million objects for the garbage collector to visit); a waiting PV
 * is a flag under that number plus the number's place in line. The slot always holds the latest
 * value, so only the latest value per PV is sent (conflation) and the queue never holds more
 * entries than the connection subscribed, however fast values change and however slowly it
 * reads. A change costs a flag test and an array push per subscriber, and no lookup.
 */
export class PvSubscriptions {
  /** PV key → the subscription's number. */
  private readonly subscribed = new Map<string, number>();
  /** By number: the PV's slot, undefined while the number is free. */
  private readonly slots: (PvSlot | undefined)[] = [];
  private readonly freeIds: number[] = [];
  /** By number: 1 while the PV waits in line. */
  private waitingFlags = new Uint8Array(64);
  /** By number: where this connection stands in its slot's subscriber arrays. */
  readonly slotPositions: number[] = [];
  private queue: number[] = [];
  private waiting = 0;
  /** When the last batch went out (ms since the epoch): the next one is due a tick later. */
  lastSentAt = Number.NEGATIVE_INFINITY;
  /** Batches sent, and ticks skipped because the socket still held too many unsent bytes. */
  sentBatches = 0;
  skippedTicks = 0;

  has(key: string): boolean {
    return this.subscribed.has(key);
  }

  keys(): IterableIterator<string> {
    return this.subscribed.keys();
  }

  /** Subscribes to a PV (again: the same number) and returns the subscription's number. */
  add(slot: PvSlot): number {
    const known = this.subscribed.get(slot.key);
    if (known !== undefined && this.slots[known] === slot) return known;
    if (known !== undefined) this.remove(slot.key);
    const id = this.freeIds.pop() ?? this.slots.length;
    if (id >= this.waitingFlags.length) {
      const grown = new Uint8Array(this.waitingFlags.length * 2);
      grown.set(this.waitingFlags);
      this.waitingFlags = grown;
    }
    this.slots[id] = slot;
    this.subscribed.set(slot.key, id);
    slot.attach(this, id);
    return id;
  }

  remove(key: string): void {
    const id = this.subscribed.get(key);
    if (id === undefined) return;
    this.subscribed.delete(key);
    (this.slots[id] as PvSlot).detach(this, id);
    this.slots[id] = undefined;
    this.freeIds.push(id);
    if (this.waitingFlags[id] === 1) {
      // Its queue entry stays until the next take, which skips it.
      this.waitingFlags[id] = 0;
      this.waiting -= 1;
      if (this.waiting === 0) this.queue = [];
    }
  }

  /** Unsubscribes from everything (the connection is gone). */
  clear(): void {
    for (const key of [...this.subscribed.keys()]) this.remove(key);
  }

  /**
   * Marks a subscribed PV as changed; a PV already waiting keeps its place in line and goes out
   * with its latest value.
   */
  offer(id: number): void {
    if (this.waitingFlags[id] === 1) return;
    this.waitingFlags[id] = 1;
    this.queue.push(id);
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
    const flags = this.waitingFlags;
    let at = 0;
    for (; at < queue.length && batch.length < max; at++) {
      const id = queue[at] as number;
      if (flags[id] === 0) continue;
      flags[id] = 0;
      batch.push(this.slots[id] as PvSlot);
    }
    this.waiting -= batch.length;
    this.queue = at === queue.length ? [] : queue.slice(at);
    return batch;
  }
}

/** Every subscriber of a changed PV gets it in line (one walk over two arrays, no lookup). */
export function offerToSubscribers(slot: PvSlot): void {
  const owners = slot.owners;
  const ids = slot.ids;
  for (let i = 0; i < owners.length; i++) (owners[i] as PvSubscriptions).offer(ids[i] as number);
}

const RECORD_END = Buffer.from(']]}\x1e');
const COMMA = 0x2c;

/** Encodes the slots without bytes, each stretch of neighbours in the batch as one block. */
function encodeMissing(slots: readonly PvSlot[]): void {
  let from = -1;
  for (let i = 0; i <= slots.length; i++) {
    const missing = i < slots.length && !(slots[i] as PvSlot).encoded;
    if (missing && from < 0) from = i;
    else if (!missing && from >= 0) {
      PvSlot.encodeTogether(slots.slice(from, i));
      from = -1;
    }
  }
}

/**
 * Encodes one record `{"type":1,"target":<target>,"arguments":[[v1,v2,…]]}` plus the separator
 * from the slots' bytes, copied once into a buffer of the exact size. Values not encoded since
 * their last change are encoded here, the neighbours of a batch together, so the next
 * connection with the same PVs in the same order copies them as one run.
 */
export function batchRecordEncoder(target: string): (slots: readonly PvSlot[]) => Buffer {
  const head = Buffer.from(`{"type":1,"target":${JSON.stringify(target)},"arguments":[[`);
  return (slots) => {
    encodeMissing(slots);
    // The values, a comma between each two.
    let size = head.length + RECORD_END.length + Math.max(0, slots.length - 1);
    for (const slot of slots) size += slot.byteLength;
    const record = Buffer.allocUnsafe(size);
    record.set(head, 0);
    let at = head.length;
    for (let i = 0; i < slots.length;) {
      if (i > 0) record[at++] = COMMA;
      const run = PvSlot.copyRun(slots, i, record, at);
      i = run.next;
      at = run.at;
    }
    record.set(RECORD_END, at);
    return record;
  };
}
