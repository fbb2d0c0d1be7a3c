// calls §4 (live connection lifecycle), §8 (live errors), §9 (readiness checks).
import { HttpError, HubConnectionState } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHubConnection } from '../test-support/fake-hub-connection';
import { ConnectionManager, READINESS_CHECKS, READINESS_STEP_MS } from './connection-manager';
import { LiveError } from './live-error';

function setup(configure: (connection: FakeHubConnection, index: number) => void = () => {}) {
  const onUnauthorized = vi.fn();
  const manager = new ConnectionManager({ retryDelay: (attempt) => attempt * 1000, onUnauthorized });
  const built: FakeHubConnection[] = [];
  manager.register('pv', () => {
    const connection = new FakeHubConnection();
    configure(connection, built.length);
    built.push(connection);
    return connection;
  });
  const events: string[] = [];
  manager.listen({
    connecting: (name) => events.push(`connecting ${name}`),
    connected: (name, _c, reconnected) => events.push(`connected ${name}${reconnected ? ' again' : ''}`),
    faulted: (name, error) => events.push(`faulted ${name}: ${error.message}`),
    idle: (name) => events.push(`idle ${name}`),
  });
  return { manager, built, events, onUnauthorized };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connection manager', () => {
  it('starts at the first lease, shares the connection and stops when the count reaches zero', async () => {
    const { manager, built, events } = setup();
    const [a, b] = await Promise.all([manager.acquire('pv'), manager.acquire('pv')]);
    expect(a).toBe(b);
    expect(built).toHaveLength(1);
    expect(manager.leases('pv')).toBe(2);
    manager.release('pv');
    await manager.settled();
    expect(built[0]?.stopCalls).toBe(0);
    manager.release('pv');
    manager.release('pv'); // more releases than leases change nothing
    await manager.settled();
    expect(built[0]?.stopCalls).toBe(1);
    expect(manager.leases('pv')).toBe(0);
    expect(events).toEqual(['connecting pv', 'connected pv', 'idle pv']);
  });

  it("answers an unknown channel with 'Failed to acquire' and get() with 'The {name} connection is disconnected'", async () => {
    const { manager } = setup();
    await expect(manager.acquire('nope')).rejects.toThrow(new LiveError('failedToAcquire', 'nope'));
    expect(() => manager.get('nope')).toThrow('The nope connection is disconnected');
    expect(() => manager.get('pv')).toThrow('The pv connection is disconnected');
  });

  it('becomes faulted when it closes with an error while leased, and reconnects after the delay', async () => {
    const { manager, built, events } = setup();
    await manager.acquire('pv');
    built[0]?.simulateClose(new Error('socket lost'));
    expect(manager.phase('pv')).toBe('faulted');
    expect(() => manager.get('pv')).toThrow('The pv connection is disconnected');
    await vi.advanceTimersByTimeAsync(999);
    expect(built).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await manager.settled();
    expect(built).toHaveLength(2);
    expect(manager.get('pv')).toBe(built[1]);
    expect(events).toEqual([
      'connecting pv',
      'connected pv',
      'faulted pv: The pv connection is disconnected',
      'connecting pv',
      'connected pv again',
    ]);
  });

  it("keeps trying with growing delays while leased; a failed start is 'Failed to connect {name}'", async () => {
    const { manager, built } = setup((connection, index) => {
      if (index < 3) connection.startImpl = () => Promise.reject(new Error('refused'));
    });
    await expect(manager.acquire('pv')).rejects.toThrow('Failed to connect pv');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(built).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3000);
    await manager.settled();
    expect(manager.phase('pv')).toBe('connected');
  });

  it('reconnect of all faulted notifies the connecting and connected listeners at once', async () => {
    const { manager, built, events } = setup();
    await manager.acquire('pv');
    built[0]?.simulateClose(new Error('socket lost'));
    events.length = 0;
    await manager.reconnectFaulted();
    expect(events).toEqual(['connecting pv', 'connected pv again']);
    expect(built).toHaveLength(2);
    // The scheduled retry was cancelled: no third connection later.
    await vi.advanceTimersByTimeAsync(5000);
    expect(built).toHaveLength(2);
  });

  it('does not reconnect a connection nobody leases', async () => {
    const { manager, built } = setup();
    await manager.acquire('pv');
    manager.release('pv');
    await manager.settled();
    built[0]?.simulateClose(new Error('late close'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(built).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops trying when the session is gone (401 or Unauthorized close) and reports it', async () => {
    const { manager, built, onUnauthorized } = setup((connection) => {
      connection.startImpl = () => Promise.reject(new HttpError('Unauthorized', 401));
    });
    await expect(manager.acquire('pv')).rejects.toThrow('Failed to connect pv');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(built).toHaveLength(1);
  });

  it(`waits for the connected state with up to ${READINESS_CHECKS} checks, ${READINESS_STEP_MS} ms × attempt apart`, async () => {
    let connectedAt = Infinity;
    const { manager } = setup((connection) => {
      // The transport reports connected later than start resolves.
      Object.defineProperty(connection, 'state', {
        get: () => (Date.now() >= connectedAt ? HubConnectionState.Connected : HubConnectionState.Connecting),
        set: () => {},
      });
    });
    const started = Date.now();
    connectedAt = started + 2000;
    const ready = manager.acquire('pv');
    // Checks at 0, 50, 150, 300, 500, 750, 1050, 1400, 1800, 2250 ms: ready at the tenth.
    const state = ready.then(() => 'ready');
    await vi.advanceTimersByTimeAsync(2249);
    expect(await Promise.race([state, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state).toBe('ready');
    manager.release('pv');
    await manager.settled();

    connectedAt = Infinity;
    const never = manager.acquire('pv');
    const outcome = never.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2249);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(new LiveError('failedToConnect', 'pv'));
  });
});
