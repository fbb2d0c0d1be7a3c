import { HUB_MAX_MESSAGE_BYTES, SUBSCRIBE_BATCH, type PvRef } from '@leitwarte/core';
import { HttpError } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/http';
import { FakeHubConnection } from '../test-support/fake-hub-connection';
import { ConnectionManager } from './connection-manager';
import { getChannelState } from './connection-status';
import { PvHub } from './pv-hub';
import { PvValueStore } from './pv-value-store';

const refs = (count: number): PvRef[] =>
  Array.from({ length: count }, (_, i) => ({ type: 'AnaIn', nr: 100001 + i }));

function setup(configure: (connection: FakeHubConnection, index: number) => void = () => {}) {
  const connections: FakeHubConnection[] = [];
  const store = new PvValueStore({ request: () => 1, cancel: () => {} });
  const hub = new PvHub(
    () => {
      const connection = new FakeHubConnection();
      configure(connection, connections.length);
      connections.push(connection);
      return connection;
    },
    store,
    new ConnectionManager(),
  );
  return { hub, store, connections, latest: () => connections[connections.length - 1]! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setUnauthorizedHandler(() => {});
});

describe('PvHub', () => {
  it('subscribes in batches of at most 1024 references (calls §9)', async () => {
    const { hub, latest } = setup();
    const release = hub.acquire();
    await hub.settled();

    await hub.subscribe(refs(2500));
    const sizes = latest().invocations.map(({ method, args }) => [method, (args[0] as PvRef[]).length]);
    expect(sizes).toEqual([
      ['SubscribeToPvs', SUBSCRIBE_BATCH],
      ['SubscribeToPvs', SUBSCRIBE_BATCH],
      ['SubscribeToPvs', 452],
    ]);
    release();
  });

  it("keeps each batch's record under the server's 32 KB limit, however long the references", async () => {
    const { hub, latest } = setup();
    const release = hub.acquire();
    await hub.settled();
    const long: PvRef[] = Array.from({ length: 2500 }, (_, i) => ({ type: 'DigiOut', nr: 1_000_001 + i }));

    await hub.subscribe(long);
    const batches = latest().invocations.map(({ args }) => args[0] as PvRef[]);
    for (const batch of batches) {
      const record = JSON.stringify({
        type: 1,
        invocationId: '99',
        target: 'SubscribeToPvs',
        arguments: [batch],
      });
      expect(record.length + 1).toBeLessThanOrEqual(HUB_MAX_MESSAGE_BYTES);
      expect(batch.length).toBeLessThanOrEqual(SUBSCRIBE_BATCH);
    }
    expect(batches.flat()).toEqual(long);
    release();
  });

  it('subscribes what was wanted before the connection was up, once connected', async () => {
    const { hub, latest } = setup();
    void hub.subscribe(refs(3));
    const release = hub.acquire();
    await hub.settled();
    expect(latest().invocations).toHaveLength(1);
    expect(latest().invocations[0]?.args[0]).toHaveLength(3);
    release();
  });

  it('re-subscribes everything after a reconnect and asks screens to resync', async () => {
    const { hub, latest } = setup();
    const resync = vi.fn();
    hub.onResync(resync);
    const release = hub.acquire();
    await hub.settled();
    await hub.subscribe(refs(1500));
    latest().invocations.length = 0;

    latest().simulateClose(new Error('server restarted'));
    await vi.advanceTimersByTimeAsync(1200);
    await hub.settled();
    await vi.waitFor(() => expect(resync).toHaveBeenCalledTimes(1));
    // A fresh connection after the reconnect, subscribed to everything again.
    expect(latest().invocations.map(({ args }) => (args[0] as PvRef[]).length)).toEqual([1024, 476]);
    release();
  });

  it('unsubscribes a PV only when its last user lets go', async () => {
    const { hub, latest } = setup();
    const release = hub.acquire();
    await hub.settled();
    await hub.subscribe(refs(2));
    await hub.subscribe(refs(1));
    latest().invocations.length = 0;

    hub.unsubscribe(refs(1));
    expect(latest().invocations).toEqual([]);
    hub.unsubscribe(refs(2));
    expect(latest().invocations).toEqual([{ method: 'UnsubscribeFromPvs', args: [refs(2)] }]);
    release();
  });

  it('puts newValues into the value store', async () => {
    const { hub, store, latest } = setup();
    const release = hub.acquire();
    await hub.settled();
    latest().emit('newValues', [
      {
        pvRef: { type: 'AnaIn', nr: 100001 },
        type: 'DoubleValue',
        doubleValue: 4.2,
        quality: 'Good',
        timestamp: 1,
      },
    ]);
    store.flush();
    expect(store.get('AnaIn-100001')).toMatchObject({ doubleValue: 4.2 });
    release();
  });

  it('starts on the first lease and stops when the last one is returned (calls §4)', async () => {
    const { hub, connections } = setup();
    const first = hub.acquire();
    const second = hub.acquire();
    await hub.settled();
    expect(connections).toHaveLength(1);
    expect(getChannelState('pv').status).toBe('connected');

    first();
    first(); // returning a lease twice must not count twice
    await hub.settled();
    expect(connections[0]?.stopCalls).toBe(0);

    second();
    await hub.settled();
    expect(connections[0]?.stopCalls).toBe(1);
    expect(getChannelState('pv').status).toBe('idle');
  });

  it('does not bounce the connection on release-and-acquire (StrictMode)', async () => {
    const { hub, connections } = setup();
    hub.acquire()();
    const release = hub.acquire();
    await hub.settled();
    expect(connections).toHaveLength(1);
    expect(connections[0]?.stopCalls).toBe(0);
    release();
  });

  it('reports a failed start and retries with backoff while leased', async () => {
    const { hub, connections } = setup((connection, index) => {
      if (index === 0) connection.startImpl = () => Promise.reject(new Error('negotiate failed'));
    });
    const release = hub.acquire();
    await hub.settled();
    expect(getChannelState('pv')).toEqual({ status: 'disconnected', error: 'failedToConnect' });

    await vi.advanceTimersByTimeAsync(1200);
    await hub.settled();
    expect(connections).toHaveLength(2);
    expect(getChannelState('pv')).toEqual({ status: 'connected', error: null });
    release();
    await hub.settled();
  });

  it('reports a close while leased as disconnected and connects again', async () => {
    const { hub, connections } = setup();
    const release = hub.acquire();
    await hub.settled();
    connections[0]?.simulateClose(new Error('server gone'));
    expect(getChannelState('pv')).toEqual({ status: 'disconnected', error: 'disconnected' });

    await vi.advanceTimersByTimeAsync(1200);
    await hub.settled();
    expect(connections).toHaveLength(2);
    expect(getChannelState('pv').status).toBe('connected');
    release();
    await hub.settled();
  });

  it('treats a 401 from negotiate as an ended session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { hub } = setup((connection) => {
      connection.startImpl = () => Promise.reject(new HttpError('Unauthorized', 401));
    });
    const release = hub.acquire();
    await hub.settled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    release();
    await hub.settled();
    // Nobody holds the channel any more: no retry is left behind, and it is idle, not failed.
    expect(vi.getTimerCount()).toBe(0);
    expect(getChannelState('pv').status).toBe('idle');
  });
});
