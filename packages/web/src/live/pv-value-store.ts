import { pvKey, type ProcessValue } from '@leitwarte/core';
import { frameBatch } from './frame-batch';
import type { FrameScheduler } from './frame-scheduler';
import { sameValue } from './same-value';

type Listener = () => void;

/**
 * Current PV values outside React: one entry per PV key ("Type-nr"), listeners per key.
 * Live batches are queued and applied once per animation frame (latest value per PV wins), and only
 * keys whose value really changed are notified — so a burst costs one React commit per frame (shared
 * with the live charts' ticks through the page's frame batch) and re-renders only the cells that changed (DESIGN "Live values are conflated").
 */
export class PvValueStore {
  private readonly values = new Map<string, ProcessValue>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private pending = new Map<string, ProcessValue>();
  private frame: number | null = null;

  constructor(private readonly scheduler: FrameScheduler = frameBatch) {}

  get(key: string): ProcessValue | undefined {
    return this.values.get(key);
  }

  /** Listens to one key; returns the unsubscribe function (the shape useSyncExternalStore wants). */
  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** Queues live values (a `newValues` batch); they are applied together on the next frame. */
  enqueue(values: readonly ProcessValue[]): void {
    for (const value of values) this.pending.set(pvKey(value.pvRef), value);
    if (this.frame === null && this.pending.size > 0) {
      this.frame = this.scheduler.request(() => this.flush());
    }
  }

  /**
   * Applies values fetched over HTTP at once. A value older than the one already held is skipped, so
   * a slow snapshot never rolls back a newer live value.
   */
  seed(values: readonly ProcessValue[]): void {
    const changed: string[] = [];
    for (const value of values) {
      const key = pvKey(value.pvRef);
      const current = this.values.get(key);
      if (current && current.timestamp > value.timestamp) continue;
      if (this.put(key, value)) changed.push(key);
    }
    this.notify(changed);
  }

  /** Applies everything queued now (the frame callback; also handy before reading in tests). */
  flush(): void {
    if (this.frame !== null) {
      this.scheduler.cancel(this.frame);
      this.frame = null;
    }
    const batch = this.pending;
    this.pending = new Map();
    const changed: string[] = [];
    for (const [key, value] of batch) if (this.put(key, value)) changed.push(key);
    this.notify(changed);
  }

  /** Forgets all values (logout): the next user must not see the previous user's data. */
  clear(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    this.pending = new Map();
    const keys = [...this.values.keys()];
    this.values.clear();
    this.notify(keys);
  }

  private put(key: string, value: ProcessValue): boolean {
    const current = this.values.get(key);
    if (current && sameValue(current, value)) return false;
    this.values.set(key, value);
    return true;
  }

  private notify(keys: readonly string[]): void {
    for (const key of keys) {
      const set = this.listeners.get(key);
      if (set) for (const listener of [...set]) listener();
    }
  }
}

/** The app's one value store, shared by every screen that shows live PVs. */
export const pvValueStore = new PvValueStore();
