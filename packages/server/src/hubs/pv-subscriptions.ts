import type { ProcessValue } from '@leitwarte/core';
import type { RecordPool } from './record-pool.js';

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
// cannot keep a whole report's bytes in memory: its slot keeps a copy of its own bytes.
const MIN_LIVE_SHARE = 4;

// Where values are written before a block is cut from them; grows to the largest block.
let encodeScratch = Buffer.allocUnsafeSlow(64 * 1024);
const COMMA = 0x2c;

/**
 * The latest value of one PV, shared by every connection subscribed to it. Its JSON is encoded
 * to UTF-8 at most once per change, however many connections it goes to: a batch is the
 * concatenation of these bytes, so no connection serialises or encodes a value of its own.
 * Once encoded, the slot keeps the bytes and lets the value object go: a value kept until the
 * next change (a second at 1 Hz) outlives the young generation, so every change would leave an
 * object in the old one, and at a million subscribed changes a second the collections of that
 * generation paused the whole process for tens of milliseconds.
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
  /** The latest value until it is encoded. */
  private unencoded: ProcessValue | undefined;

  constructor(
    readonly key: string,
    current: ProcessValue | undefined,
  ) {
    this.unencoded = current;
  }

  /** Whether the PV has a value to send. */
  get hasValue(): boolean {
    return this.block !== null || this.unencoded !== undefined;
  }

  /** The latest value; once encoded, read back from its bytes (for inspection, not the hot path). */
  get value(): ProcessValue | undefined {
    if (this.unencoded !== undefined || this.block === null) return this.unencoded;
    return JSON.parse(this.bytes.toString('utf8')) as ProcessValue;
  }

  set(value: ProcessValue): void {
    this.unencoded = value;
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
    count: number,
    target: Buffer,
    at: number,
  ): { next: number; at: number } {
    const first = slots[from] as PvSlot;
    const block = first.encodedBlock();
    let end = first.end;
    let next = from + 1;
    for (; next < count; next++) {
      const slot = slots[next] as PvSlot;
      // One comma between neighbours: the block's own comma goes along.
      if (slot.block !== block || slot.start !== end + 1) break;
      end = slot.end;
    }
    block.bytes.copy(target, at, first.start, end);
    return { next, at: at + end - first.start };
  }

  /**
   * Encodes the values of slots `from` to `to` (all without bytes) into one block, in this
   * order: each value's JSON goes into a scratch buffer behind the previous one and a comma, and
   * the block is one copy of that (no joined text, no per-value buffer).
   */
  static encodeTogether(slots: readonly PvSlot[], from = 0, to = slots.length): void {
    if (from >= to) return;
    const together = slots.slice(from, to);
    let at = 0;
    for (const slot of together) {
      const text = JSON.stringify(slot.unencoded);
      // Room for the text as UTF-8 (at most three bytes a UTF-16 unit) and a comma.
      const room = at + 3 * text.length + 1;
      if (room > encodeScratch.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(2 * encodeScratch.length, room));
        encodeScratch.copy(grown, 0, 0, at);
        encodeScratch = grown;
      }
      slot.start = at;
      slot.end = at + encodeScratch.write(text, at, 'utf8');
      encodeScratch[slot.end] = COMMA;
      at = slot.end + 1;
    }
    const block = new ValueBlock(Buffer.from(encodeScratch.subarray(0, at - 1)), together);
    for (const slot of together) {
      slot.block = block;
      slot.unencoded = undefined;
    }
  }

  private encodeAlone(): void {
    const bytes = Buffer.from(JSON.stringify(this.unencoded));
    this.block = new ValueBlock(bytes, [this]);
    this.start = 0;
    this.end = bytes.length;
    this.unencoded = undefined;
  }

  private encodedBlock(): ValueBlock {
    if (this.block === null) this.encodeAlone();
    return this.block as ValueBlock;
  }

  private ownBytes(): void {
    const bytes = Buffer.from((this.block as ValueBlock).bytes.subarray(this.start, this.end));
    this.block = new ValueBlock(bytes, [this]);
    this.start = 0;
    this.end = bytes.length;
  }

  private leaveBlock(): void {
    const block = this.block;
    if (block === null) return;
    this.block = null;
    block.live -= 1;
    if (block.live === 0 || block.live * MIN_LIVE_SHARE > block.slots.length) return;
    // The few values still here keep a copy of their own bytes: their value objects are gone.
    for (const slot of block.slots) if (slot.block === block) slot.ownBytes();
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
  /**
   * The line: numbers in the order they started waiting, from `head` to `tail`. A typed array
   * kept for the connection's lifetime, so a change and a batch allocate nothing; an entry of a
   * PV unsubscribed meanwhile stays until a take skips it.
   */
  private line = new Int32Array(64);
  private head = 0;
  private tail = 0;
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
      // Its entry in line stays until the next take, which skips it.
      this.waitingFlags[id] = 0;
      this.waiting -= 1;
      if (this.waiting === 0) this.head = this.tail = 0;
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
    if (this.tail === this.line.length) this.makeRoom();
    this.line[this.tail++] = id;
    this.waiting += 1;
  }

  get subscribedCount(): number {
    return this.subscribed.size;
  }

  get pendingCount(): number {
    return this.waiting;
  }

  /**
   * Takes up to max waiting PVs, longest waiting first, into `into` from index 0 and returns
   * how many; the rest stays for the next tick. The caller reuses `into` from batch to batch.
   */
  take(max: number, into: PvSlot[]): number {
    const line = this.line;
    const flags = this.waitingFlags;
    let count = 0;
    let at = this.head;
    for (; at < this.tail && count < max; at++) {
      const id = line[at] as number;
      if (flags[id] === 0) continue;
      flags[id] = 0;
      into[count++] = this.slots[id] as PvSlot;
    }
    this.waiting -= count;
    if (this.waiting === 0) this.head = this.tail = 0;
    else this.head = at;
    return count;
  }

  /** Moves the line to the front, or doubles it when it is full of waiting entries. */
  private makeRoom(): void {
    const length = this.tail - this.head;
    if (this.head > 0 && length <= this.line.length / 2) {
      this.line.copyWithin(0, this.head, this.tail);
    } else {
      const grown = new Int32Array(this.line.length * 2);
      grown.set(this.line.subarray(this.head, this.tail));
      this.line = grown;
    }
    this.head = 0;
    this.tail = length;
  }
}

/** Every subscriber of a changed PV gets it in line (one walk over two arrays, no lookup). */
export function offerToSubscribers(slot: PvSlot): void {
  const owners = slot.owners;
  const ids = slot.ids;
  for (let i = 0; i < owners.length; i++) (owners[i] as PvSubscriptions).offer(ids[i] as number);
}

const RECORD_END = Buffer.from(']]}\x1e');

/** Encodes the slots without bytes, each stretch of neighbours in the batch as one block. */
function encodeMissing(slots: readonly PvSlot[], count: number): void {
  let from = -1;
  for (let i = 0; i <= count; i++) {
    const missing = i < count && !(slots[i] as PvSlot).encoded;
    if (missing && from < 0) from = i;
    else if (!missing && from >= 0) {
      PvSlot.encodeTogether(slots, from, i);
      from = -1;
    }
  }
}

/**
 * Encodes one record `{"type":1,"target":<target>,"arguments":[[v1,v2,…]]}` plus the separator
 * from the first `count` slots' bytes, copied once into a buffer of the exact size. Values not
 * encoded since their last change are encoded here, the neighbours of a batch together, so the
 * next connection with the same PVs in the same order copies them as one run.
 */
export function batchRecordEncoder(
  target: string,
  pool?: RecordPool,
): (slots: readonly PvSlot[], count?: number) => Buffer {
  const head = Buffer.from(`{"type":1,"target":${JSON.stringify(target)},"arguments":[[`);
  return (slots, count = slots.length) => {
    encodeMissing(slots, count);
    // The values, a comma between each two.
    let size = head.length + RECORD_END.length + Math.max(0, count - 1);
    for (let i = 0; i < count; i++) size += (slots[i] as PvSlot).byteLength;
    const record = pool === undefined ? Buffer.allocUnsafe(size) : pool.acquire(size);
    record.set(head, 0);
    let at = head.length;
    for (let i = 0; i < count;) {
      if (i > 0) record[at++] = COMMA;
      const run = PvSlot.copyRun(slots, i, count, record, at);
      i = run.next;
      at = run.at;
    }
    record.set(RECORD_END, at);
    return record;
  };
}
