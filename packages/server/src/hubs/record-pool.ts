// Smallest and largest pooled size: 1 KiB (smaller records would share a slab anyway) to 1 MiB
// (a batch of 4,096 values is about 600 KB); larger records are allocated on their own.
const MIN_CLASS = 10;
const MAX_CLASS = 20;
// Free memory kept per size class; what is released beyond it is left to the collector.
const KEPT_BYTES_PER_CLASS = 4 * 1024 * 1024;

/**
 * Buffers for batch records, reused once the socket has written them. At N = 1,000 connections
 * the records are about 120 MB a second; fresh buffers for them are memory outside the heap
 * that the engine counts towards its next full collection, so they caused full collections
 * (pauses of every connection) every few seconds. A record from here is a view of a buffer of
 * the next power of two; it goes back with `release` once the socket no longer needs it.
 */
export class RecordPool {
  private readonly free: ArrayBuffer[][] = Array.from({ length: MAX_CLASS + 1 }, () => []);
  /** The memory this pool made: nothing else is taken back. */
  private readonly own = new WeakSet<ArrayBufferLike>();

  /** A buffer of exactly `size` bytes, uninitialised. */
  acquire(size: number): Buffer {
    const sizeClass = classOf(size);
    if (sizeClass > MAX_CLASS) return Buffer.allocUnsafeSlow(size);
    let memory = this.free[sizeClass]?.pop();
    if (memory === undefined) {
      memory = new ArrayBuffer(2 ** sizeClass);
      this.own.add(memory);
    }
    return Buffer.from(memory, 0, size);
  }

  /** Takes back a buffer from `acquire` that nothing reads any more. */
  release(record: Buffer): void {
    const memory = record.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.own.has(memory)) return;
    const free = this.free[Math.log2(memory.byteLength)] as ArrayBuffer[];
    if ((free.length + 1) * memory.byteLength <= KEPT_BYTES_PER_CLASS) free.push(memory);
  }

  /** Free buffers kept, for tests and inspection. */
  get freeCount(): number {
    return this.free.reduce((sum, list) => sum + list.length, 0);
  }
}

function classOf(size: number): number {
  return Math.max(MIN_CLASS, Math.ceil(Math.log2(Math.max(1, size))));
}
