import type { ProcessValue } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { PvSlot, PvSubscriptions, batchRecordEncoder } from './pv-subscriptions.js';

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
    expect(subs.take(10).map((s) => s.value)).toEqual([value(0, 999)]);
    expect(subs.pendingCount).toBe(0);
    expect(subs.take(10)).toEqual([]);
  });

  it('ignores changes after unsubscribing and drops the waiting one', () => {
    const subs = new PvSubscriptions();
    const [one, two] = slots(2) as [PvSlot, PvSlot];
    const first = subs.add(one);
    const second = subs.add(two);
    subs.offer(first);
    subs.offer(second);
    subs.remove(two.key);
    expect(subs.pendingCount).toBe(1);
    expect(subs.has(two.key)).toBe(false);
    subs.offer(second);
    expect(subs.take(10)).toEqual([one]);
    // Subscribing again gives a new link; the old one stays dead.
    const again = subs.add(two);
    expect(subs.add(two)).toBe(again);
    subs.offer(second);
    expect(subs.pendingCount).toBe(0);
    subs.offer(again);
    expect(subs.take(10)).toEqual([two]);
  });

  it('caps a batch and leaves the rest, in order, for the next one', () => {
    const subs = new PvSubscriptions();
    const all = slots(10);
    const links = all.map((slot) => subs.add(slot));
    for (const link of links) subs.offer(link);
    expect(subs.take(4).map((s) => s.value?.pvRef.nr)).toEqual([0, 1, 2, 3]);
    // A newer value of a waiting PV keeps its place in line.
    all[5]?.set(value(5, 50));
    subs.offer(links[5]!);
    // A PV sent already goes to the end of the line.
    subs.offer(links[1]!);
    expect(subs.take(4).map((s) => s.value)).toEqual([value(4, 4), value(5, 50), value(6, 6), value(7, 7)]);
    expect(subs.pendingCount).toBe(3);
    expect(subs.take(4).map((s) => s.value?.pvRef.nr)).toEqual([8, 9, 1]);
  });
});

describe('PvSlot and the batch record', () => {
  it('encodes a value once per change and again after the next change', () => {
    const slot = new PvSlot('AnaIn-1', value(1, 1));
    const first = slot.bytes;
    expect(slot.bytes).toBe(first);
    slot.set(value(1, 2));
    expect(slot.bytes).not.toBe(first);
    expect(JSON.parse(slot.bytes.toString('utf8'))).toEqual(value(1, 2));
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
