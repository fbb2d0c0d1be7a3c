import { ASYNC_WAIT_TIMEOUT_MS } from '@leitwarte/core';

/** State of an asynchronously loaded value (calls §4): a reload while ready is "updating". */
export type AsyncDataState<T> =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'updating'; value: T }
  | { status: 'error'; error: unknown };

/** Raised by waitForValue when no value came within the wait timeout. */
export class AsyncWaitTimeout extends Error {
  constructor(ms: number) {
    super(`no value within ${ms} ms`);
    this.name = 'AsyncWaitTimeout';
  }
}

/**
 * Holds one value loaded from the server and tells listeners about each state. Only the newest
 * load counts: an older reply arriving late never overwrites a newer one.
 */
export class AsyncData<T> {
  private current: AsyncDataState<T> = { status: 'empty' };
  private readonly listeners = new Set<(state: AsyncDataState<T>) => void>();
  private generation = 0;
  private controller: AbortController | null = null;

  constructor(private readonly loader: (signal: AbortSignal) => Promise<T>) {}

  get state(): AsyncDataState<T> {
    return this.current;
  }

  subscribe(listener: (state: AsyncDataState<T>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads (or reloads) the value; resolves when this load has ended, whatever its outcome. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const previous = this.current;
    this.set(
      previous.status === 'ready' || previous.status === 'updating'
        ? { status: 'updating', value: previous.value }
        : { status: 'loading' },
    );
    try {
      const value = await this.loader(controller.signal);
      if (generation === this.generation) this.set({ status: 'ready', value });
    } catch (error) {
      if (generation === this.generation) this.set({ status: 'error', error });
    }
  }

  /** Back to empty; a load under way is abandoned. */
  reset(): void {
    this.generation += 1;
    this.controller?.abort();
    this.set({ status: 'empty' });
  }

  /** The value once ready (also the stale one while updating); rejects on error or after the timeout. */
  waitForValue(timeoutMs = ASYNC_WAIT_TIMEOUT_MS): Promise<T> {
    const now = this.current;
    if (now.status === 'ready' || now.status === 'updating') return Promise.resolve(now.value);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new AsyncWaitTimeout(timeoutMs));
      }, timeoutMs);
      const stop = this.subscribe((state) => {
        if (state.status === 'ready') resolve(state.value);
        else if (state.status === 'error') reject(state.error);
        else return;
        clearTimeout(timer);
        stop();
      });
    });
  }

  private set(state: AsyncDataState<T>): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}
