import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AsyncData, AsyncWaitTimeout, type AsyncDataState } from './async-data';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('async data holder (calls §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes empty → loading → ready, and a reload while ready is updating', async () => {
    const replies = [deferred<number>(), deferred<number>()];
    let call = 0;
    const data = new AsyncData(() => replies[call++]!.promise);
    const seen: AsyncDataState<number>['status'][] = [data.state.status];
    data.subscribe((s) => seen.push(s.status));
    const first = data.load();
    replies[0]!.resolve(1);
    await first;
    const second = data.load();
    expect(data.state).toEqual({ status: 'updating', value: 1 });
    replies[1]!.resolve(2);
    await second;
    expect(seen).toEqual(['empty', 'loading', 'ready', 'updating', 'ready']);
    expect(data.state).toEqual({ status: 'ready', value: 2 });
  });

  it('shows the error of a failed load', async () => {
    const data = new AsyncData<number>(() => Promise.reject(new Error('kaputt')));
    await data.load();
    expect(data.state).toMatchObject({ status: 'error', error: new Error('kaputt') });
  });

  it('keeps only the newest load: a late older reply is dropped', async () => {
    const replies = [deferred<string>(), deferred<string>()];
    let call = 0;
    const data = new AsyncData(() => replies[call++]!.promise);
    const older = data.load();
    const newer = data.load();
    replies[1]!.resolve('neu');
    await newer;
    replies[0]!.resolve('alt');
    await older;
    expect(data.state).toEqual({ status: 'ready', value: 'neu' });
  });

  it('ends waiting for a value after 5000 ms', async () => {
    const data = new AsyncData<number>(() => new Promise(() => {}));
    void data.load();
    const waiting = data.waitForValue();
    const outcome = waiting.then(
      () => 'value',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(AsyncWaitTimeout);
  });

  it('hands a waiter the value as soon as it is ready', async () => {
    const reply = deferred<number>();
    const data = new AsyncData(() => reply.promise);
    void data.load();
    const waiting = data.waitForValue();
    reply.resolve(42);
    await expect(waiting).resolves.toBe(42);
    await expect(data.waitForValue()).resolves.toBe(42);
  });
});
