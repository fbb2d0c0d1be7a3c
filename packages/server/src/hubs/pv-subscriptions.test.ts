import type { ProcessValue } from '@leitwarte/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PvSlot, PvSubscriptions, batchRecordEncoder, offerToSubscribers } from './pv-subscriptions.js';

const value = (nr: number, doubleValue: number): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue,
  quality: 'Good',
  timestamp: 0,
});

function slots(count: number): PvSlot[] {
  return Array.from({ length: count }, (_, nr) => new PvSlot(`AnaIn-${nr}`, value(nr, nr)));
}

/** What a take hands over, as a fresh array. */
function take(subs: PvSubscriptions, max: number): PvSlot[] {
  const into: PvSlot[] = [];
  return into.slice(0, subs.take(max, into));
}

const decode = (record: Buffer): unknown => {
  const text = record.toString('utf8');
  expect(text.at(-1)).toBe('\x1e');
  return JSON.parse(text.slice(0, -1));
};

describe('PvSubscriptions', () => {
  it('keeps only the latest value per PV', () => {
    const subs = new PvSubscriptions();
    const [slot] = slots(1) as [PvSlot];
    const link = subs.add(slot);
    for (let i = 0; i < 1000; i++) {
      slot.set(value(0, i));
      subs.offer(link);
    }
    expect(subs.pendingCount).toBe(1);
    expect(take(subs, 10).map((s) => s.value)).toEqual([value(0, 999)]);
    expect(subs.pendingCount).toBe(0);
    expect(take(subs, 10)).toEqual([]);
  });

  it('ignores changes after unsubscribing and drops the waiting one', () => {
    const subs = new PvSubscriptions();
    const [one, two] = slots(2) as [PvSlot, PvSlot];
    subs.add(one);
    subs.add(two);
    offerToSubscribers(one);
    offerToSubscribers(two);
    subs.remove(two.key);
    expect(subs.pendingCount).toBe(1);
    expect(subs.has(two.key)).toBe(false);
    offerToSubscribers(two);
    expect(take(subs, 10)).toEqual([one]);
    // Subscribing again is one subscription, however often.
    const again = subs.add(two);
    expect(subs.add(two)).toBe(again);
    expect(subs.subscribedCount).toBe(2);
    offerToSubscribers(two);
    expect(take(subs, 10)).toEqual([two]);
  });

  it('reaches exactly the connections still subscribed after others leave', () => {
    const [slot] = slots(1) as [PvSlot];
    const connections = Array.from({ length: 5 }, () => new PvSubscriptions());
    connections.forEach((subs) => subs.add(slot));
    connections[1]?.remove(slot.key);
    connections[4]?.remove(slot.key);
    // A number given back is reused by the next subscription of that connection.
    const [other] = slots(2).slice(1) as [PvSlot];
    connections[1]?.add(other);
    offerToSubscribers(slot);
    expect(connections.map((subs) => subs.pendingCount)).toEqual([1, 0, 1, 1, 0]);
    offerToSubscribers(other);
    expect(connections.map((subs) => take(subs, 10).map((s) => s.key))).toEqual([
      [slot.key],
      [other.key],
      [slot.key],
      [slot.key],
      [],
    ]);
  });

  it('caps a batch and leaves the rest, in order, for the next one', () => {
    const subs = new PvSubscriptions();
    const all = slots(10);
    const links = all.map((slot) => subs.add(slot));
    for (const link of links) subs.offer(link);
    expect(take(subs, 4).map((s) => s.value?.pvRef.nr)).toEqual([0, 1, 2, 3]);
    // A newer value of a waiting PV keeps its place in line.
    all[5]?.set(value(5, 50));
    subs.offer(links[5]!);
    // A PV sent already goes to the end of the line.
    subs.offer(links[1]!);
    expect(take(subs, 4).map((s) => s.value)).toEqual([value(4, 4), value(5, 50), value(6, 6), value(7, 7)]);
    expect(subs.pendingCount).toBe(3);
    expect(take(subs, 4).map((s) => s.value?.pvRef.nr)).toEqual([8, 9, 1]);
  });

  it('keeps the line in order while it grows and moves forward', () => {
    const subs = new PvSubscriptions();
    const all = slots(300);
    const links = all.map((slot) => subs.add(slot));
    const expected: number[] = [];
    for (let round = 0; round < 5; round++) {
      // More offers than the line first holds, and takes that leave a rest behind.
      for (let i = round * 60; i < round * 60 + 60; i++) subs.offer(links[i]!);
      expected.push(...Array.from({ length: 60 }, (_, i) => round * 60 + i));
      const taken = take(subs, 45).map((s) => s.value?.pvRef.nr);
      expect(taken).toEqual(expected.splice(0, 45));
    }
    expect(subs.pendingCount).toBe(expected.length);
    expect(take(subs, 1000).map((s) => s.value?.pvRef.nr)).toEqual(expected);
  });
});

describe('PvSlot and the batch record', () => {
  afterEach(() => vi.restoreAllMocks());

  it('encodes a value once per change and again after the next change', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const slot = new PvSlot('AnaIn-1', value(1, 1));
    const first = slot.bytes;
    expect(slot.bytes).toEqual(first);
    expect(stringify).toHaveBeenCalledTimes(1);
    slot.set(value(1, 2));
    expect(JSON.parse(slot.bytes.toString('utf8'))).toEqual(value(1, 2));
    expect(stringify).toHaveBeenCalledTimes(2);
  });

  it('keeps the bytes and lets the value object go once encoded', () => {
    const original = value(1, 1.5);
    const slot = new PvSlot('AnaIn-1', original);
    expect(slot.value).toBe(original);
    batchRecordEncoder('newValues')([slot]);
    expect(slot.hasValue).toBe(true);
    expect(slot.value).not.toBe(original);
    expect(slot.value).toEqual(original);
  });

  it('encodes the values of a batch once, also for the next connection in another order', () => {
    const encode = batchRecordEncoder('newValues');
    const all = slots(10);
    all.forEach((slot, nr) => slot.set(value(nr, nr + 0.5)));
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(decode(encode(all))).toEqual({
      type: 1,
      target: 'newValues',
      arguments: [all.map((s) => s.value)],
    });
    const other = [2, 3, 5, 4, 9, 0].map((nr) => all[nr] as PvSlot);
    expect(decode(encode(other))).toEqual({
      type: 1,
      target: 'newValues',
      arguments: [other.map((s) => s.value)],
    });
    expect(stringify.mock.calls.filter(([arg]) => typeof arg === 'object')).toHaveLength(10);
  });

  it('keeps values right when most of their batch changed since', () => {
    const encode = batchRecordEncoder('newValues');
    const all = slots(8);
    encode(all);
    // Seven of eight change: the last one's bytes are let go and encoded again on demand.
    for (let nr = 0; nr < 7; nr++) all[nr]?.set(value(nr, -nr - 1));
    expect(decode(encode([all[7] as PvSlot, all[0] as PvSlot]))).toEqual({
      type: 1,
      target: 'newValues',
      arguments: [[value(7, 7), value(0, -1)]],
    });
  });

  it('builds the same record invocation() would, for one, many and no values', () => {
    const encode = batchRecordEncoder('newValues');
    const all = slots(3);
    // Not a field a value has: multi-byte text proves the record is sized in bytes, not characters.
    all[1]?.set({ ...value(1, 1), quality: 'Bad', text: 'Prüfung läuft ✓' } as unknown as ProcessValue);
    for (const batch of [all.slice(0, 1), all, []]) {
      expect(decode(encode(batch))).toEqual({
        type: 1,
        target: 'newValues',
        arguments: [batch.map((s) => s.value)],
      });
    }
  });
});
