import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

type Listener = () => void;

/**
 * Live records by key outside React (alarm plans, alarm lines): updates are queued and applied
 * once per animation frame (the latest per key wins), and a component reads one record or the
 * whole list through useSyncExternalStore, so a burst of updates costs one commit per frame.
 */
export class KeyedLiveStore<T> {
  private readonly records = new Map<string, T>();
  private readonly listeners = new Set<Listener>();
  private pending = new Map<string, T>();
  private frame: number | null = null;
  private list: readonly T[] = [];

  constructor(
    private readonly keyOf: (record: T) => string,
    private readonly scheduler: FrameScheduler = animationFrameScheduler,
  ) {}

  get(key: string): T | undefined {
    return this.records.get(key);
  }

  /** Every record in the order they first came; the same array until something changes. */
  all(): readonly T[] {
    return this.list;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Queues records; they are applied together on the next frame. */
  enqueue(records: readonly T[]): void {
    for (const record of records) this.pending.set(this.keyOf(record), record);
    if (this.frame === null && this.pending.size > 0) this.frame = this.scheduler.request(() => this.flush());
  }

  /** Applies what is queued now (the frame callback; also for tests). */
  flush(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    if (this.pending.size === 0) return;
    for (const [key, record] of this.pending) this.records.set(key, record);
    this.pending = new Map();
    this.list = [...this.records.values()];
    for (const listener of [...this.listeners]) listener();
  }

  /** Forgets everything (logout, or the screen's data was reloaded). */
  clear(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    this.pending = new Map();
    this.records.clear();
    this.list = [];
    for (const listener of [...this.listeners]) listener();
  }
}
