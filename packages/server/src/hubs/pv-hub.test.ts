// The pv hub's rules in isolation: subscribe replies, conflation, batch cap and the slow-reader
// skip. The wire level is covered by hub-protocol.test.ts and signalr-client.test.ts.
import { pvKey, type PvConfig, type ProcessValue, type PvRef } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOnlyRights } from '../test-support/read-rights.js';
import type { SessionPrincipal } from '../auth/session-gate.js';
import type { Plant } from '../plant/plant.js';
import { createInProcessBackplane } from './backplane.js';
import type { HubClient, HubDefinition } from './hub.js';
import { createPvHub } from './pv-hub.js';
import type { PvSubscriptions } from './pv-subscriptions.js';

const ref = (nr: number): PvRef => ({ type: 'AnaIn', nr });
const value = (nr: number, doubleValue: number): ProcessValue => ({
  pvRef: ref(nr),
  type: 'DoubleValue',
  doubleValue,
  quality: 'Good',
  timestamp: 0,
});

const principal: SessionPrincipal = { sessionId: 's', userId: 1, username: 'u', role: 'operator' };

class FakeClient implements HubClient<PvSubscriptions> {
  readonly connectionId = 'c';
  readonly principal = principal;
  bufferedAmount = 0;
  readonly sent: ProcessValue[][] = [];
  /** Records handed over and the call that says the socket wrote them. */
  readonly records: { record: Uint8Array; written: () => void }[] = [];
  constructor(readonly state: PvSubscriptions) {}
  send(target: string, args: readonly unknown[]): boolean {
    expect(target).toBe('newValues');
    this.sent.push(args[0] as ProcessValue[]);
    return true;
  }
  sendSerialized(target: string, argumentsJson: string): boolean {
    return this.send(target, JSON.parse(argumentsJson) as unknown[]);
  }
  sendRecord(record: Uint8Array, onWritten?: () => void): boolean {
    this.records.push({ record, written: onWritten ?? (() => undefined) });
    // One complete record as the wire carries it: JSON text and the separator.
    const text = Buffer.from(record).toString('utf8');
    expect(text.endsWith('\x1e')).toBe(true);
    const message = JSON.parse(text.slice(0, -1)) as { type: number; target: string; arguments: unknown[] };
    expect(message.type).toBe(1);
    return this.send(message.target, message.arguments);
  }
}

describe('pv hub', () => {
  const backplane = createInProcessBackplane();
  const current = new Map<string, ProcessValue>([[pvKey(ref(1)), value(1, 10)]]);
  const known = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].map((nr) => pvKey(ref(nr))));
  const plant = {
    values: { get: (key: string) => current.get(key), all: () => current.values(), onChange: () => () => {} },
    config: (key: string) => (known.has(key) ? ({} as PvConfig) : undefined),
  } as unknown as Plant;
  const rights = readOnlyRights((_p, r: PvRef) => r.nr !== 9);
  let hub: HubDefinition<PvSubscriptions>;
  let client: FakeClient;
  let stop: () => void;
  const call = (method: string, args: unknown[]) => hub.methods[method]?.(client, args);

  beforeEach(() => {
    vi.useFakeTimers();
    hub = createPvHub({ plant, rights, backplane, tickMs: 50, maxBufferedBytes: 1000, maxBatchValues: 3 });
    client = new FakeClient(hub.createState({ connectionId: 'c', principal }));
    stop = hub.start?.({ connections: () => [client] }) ?? (() => undefined);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sorts refs into subscribed, missing and unauthorized, deduplicated and stripped', () => {
    const reply = call('SubscribeToPvs', [[ref(1), { ...ref(1), extra: true }, ref(100), ref(9)]]);
    expect(reply).toEqual({ subscribed: [ref(1)], missingPvs: [ref(100)], unauthorizedPvs: [ref(9)] });
  });

  it('queues the current value right after subscribing', () => {
    call('SubscribeToPvs', [[ref(1), ref(2)]]);
    vi.advanceTimersByTime(50);
    expect(client.sent).toEqual([[value(1, 10)]]);
  });

  it('sends at most one batch per tick with the latest value per PV', () => {
    call('SubscribeToPvs', [[ref(2), ref(3)]]);
    for (let i = 0; i < 100; i++) backplane.publish('pv.values', [value(2, i), value(3, -i), value(4, i)]);
    vi.advanceTimersByTime(50);
    expect(client.sent).toEqual([[value(2, 99), value(3, -99)]]);
    vi.advanceTimersByTime(200);
    expect(client.sent).toHaveLength(1);
  });

  it('caps a batch and sends the remainder on the next tick', () => {
    call('SubscribeToPvs', [[2, 3, 4, 5, 6].map(ref)]);
    backplane.publish(
      'pv.values',
      [2, 3, 4, 5, 6].map((nr) => value(nr, nr)),
    );
    vi.advanceTimersByTime(50);
    vi.advanceTimersByTime(50);
    expect(client.sent.map((batch) => batch.map((v) => v.pvRef.nr))).toEqual([
      [2, 3, 4],
      [5, 6],
    ]);
  });

  it('skips a slow reader and keeps conflating until its buffer drains', () => {
    call('SubscribeToPvs', [[ref(2)]]);
    client.bufferedAmount = 5000;
    for (let i = 0; i < 10; i++) {
      backplane.publish('pv.values', [value(2, i)]);
      vi.advanceTimersByTime(50);
    }
    expect(client.sent).toEqual([]);
    expect(client.state.pendingCount).toBe(1);
    client.bufferedAmount = 0;
    vi.advanceTimersByTime(50);
    expect(client.sent).toEqual([[value(2, 9)]]);
  });

  it("reuses a record's memory only once the socket has written it", () => {
    call('SubscribeToPvs', [[ref(2), ref(3)]]);
    const sendBatch = (i: number) => {
      backplane.publish('pv.values', [value(2, i), value(3, i)]);
      vi.advanceTimersByTime(50);
      return client.records.at(-1) as FakeClient['records'][number];
    };
    const first = sendBatch(1);
    const second = sendBatch(2);
    // The first one may still be on its way: the second batch has memory of its own.
    expect(second.record.buffer).not.toBe(first.record.buffer);
    first.written();
    const third = sendBatch(3);
    expect(third.record.buffer).toBe(first.record.buffer);
    expect(Buffer.from(second.record).toString('utf8')).toContain('"doubleValue":2');
    expect(client.sent).toEqual([
      [value(2, 1), value(3, 1)],
      [value(2, 2), value(3, 2)],
      [value(2, 3), value(3, 3)],
    ]);
  });

  it('stops sending after unsubscribe and after disconnect', () => {
    call('SubscribeToPvs', [[ref(2), ref(3)]]);
    call('UnsubscribeFromPvs', [[ref(2)]]);
    backplane.publish('pv.values', [value(2, 1), value(3, 1)]);
    vi.advanceTimersByTime(50);
    expect(client.sent).toEqual([[value(3, 1)]]);
    hub.onDisconnected?.(client);
    backplane.publish('pv.values', [value(3, 2)]);
    vi.advanceTimersByTime(50);
    expect(client.sent).toHaveLength(1);
  });

  it('sends the first change after a quiet spell at once, a burst on the next tick', () => {
    call('SubscribeToPvs', [[ref(2)]]);
    vi.advanceTimersByTime(200);
    backplane.publish('pv.values', [value(2, 1)]);
    vi.advanceTimersByTime(1);
    expect(client.sent).toEqual([[value(2, 1)]]);
    backplane.publish('pv.values', [value(2, 2)]);
    backplane.publish('pv.values', [value(2, 3)]);
    vi.advanceTimersByTime(30);
    expect(client.sent).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(client.sent).toEqual([[value(2, 1)], [value(2, 3)]]);
  });

  it('keeps a tick per connection: a throttled one does not hold back another', () => {
    stop();
    const other = new FakeClient(hub.createState({ connectionId: 'd', principal }));
    stop = hub.start?.({ connections: () => [client, other] }) ?? (() => undefined);
    call('SubscribeToPvs', [[ref(2)]]);
    hub.methods.SubscribeToPvs?.(other, [[ref(3)]]);
    backplane.publish('pv.values', [value(2, 1)]);
    vi.advanceTimersByTime(1);
    expect(client.sent).toEqual([[value(2, 1)]]);
    vi.advanceTimersByTime(20);
    // The first connection is inside its tick; the other one's first change goes out at once.
    backplane.publish('pv.values', [value(2, 2), value(3, 1)]);
    vi.advanceTimersByTime(1);
    expect(other.sent).toEqual([[value(3, 1)]]);
    expect(client.sent).toHaveLength(1);
    vi.advanceTimersByTime(28);
    expect(client.sent).toEqual([[value(2, 1)], [value(2, 2)]]);
    // Each connection at most one batch per tick, counted from its own last batch.
    backplane.publish('pv.values', [value(2, 3), value(3, 2)]);
    vi.advanceTimersByTime(1);
    expect(other.sent).toHaveLength(1);
    vi.advanceTimersByTime(28);
    expect(other.sent).toEqual([[value(3, 1)], [value(3, 2)]]);
    expect(client.sent).toHaveLength(2);
    vi.advanceTimersByTime(50);
    expect(client.sent).toEqual([[value(2, 1)], [value(2, 2)], [value(2, 3)]]);
  });

  it('tick 0 is the naive baseline: every change at once as its own newValue', () => {
    stop();
    const naive = createPvHub({ plant, rights, backplane, tickMs: 0 });
    const sent: unknown[] = [];
    const raw = {
      connectionId: 'n',
      principal,
      bufferedAmount: 0,
      state: naive.createState({ connectionId: 'n', principal }),
      send: (target: string, args: readonly unknown[]) => sent.push([target, args]) > 0,
      sendSerialized: (target: string, json: string) => sent.push([target, JSON.parse(json)]) > 0,
      sendRecord: () => sent.push(['batch']) > 0,
    };
    stop = naive.start?.({ connections: () => [raw] }) ?? (() => undefined);
    naive.methods.SubscribeToPvs?.(raw, [[ref(2)]]);
    backplane.publish('pv.values', [value(2, 1), value(2, 2)]);
    expect(sent).toEqual([
      ['newValue', [value(2, 1)]],
      ['newValue', [value(2, 2)]],
    ]);
  });

  it('refuses bad arguments and more than 1024 refs', () => {
    expect(() => call('SubscribeToPvs', [])).toThrow(/argument/);
    expect(() => call('SubscribeToPvs', [{}])).toThrow(/array/);
    expect(() => call('UnsubscribeFromPvs', [[{ type: 'AnaIn', nr: -1 }]])).toThrow(/index 0/);
    expect(() => call('SubscribeToPvs', [Array.from({ length: 1025 }, (_, nr) => ref(nr))])).toThrow(/1024/);
    expect(call('SubscribeToPvs', [Array.from({ length: 1024 }, (_, nr) => ref(nr))])).toBeDefined();
  });
});
