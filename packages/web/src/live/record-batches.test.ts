import { HUB_MAX_MESSAGE_BYTES, SUBSCRIBE_BATCH, type PvRef } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { recordBatches } from './record-batches';

const refs = (n: number, type: PvRef['type'], from: number): PvRef[] =>
  Array.from({ length: n }, (_, i) => ({ type, nr: from + i }));

/** The size of the record the SignalR client sends for one batch (its JSON and the separator). */
const recordBytes = (batch: unknown[]) =>
  new TextEncoder().encode(
    `${JSON.stringify({ type: 1, invocationId: '123456', target: 'UnsubscribeFromPvs', arguments: [batch] })}\u001e`,
  ).length;

describe('subscription batches', () => {
  it('keeps 1024 short references in one batch', () => {
    const batches = recordBatches(refs(2048, 'AnaIn', 1), SUBSCRIBE_BATCH);
    expect(batches.map((b) => b.length)).toEqual([1024, 1024]);
  });

  it('cuts long references before a record would pass the message limit, losing none', () => {
    const all = refs(3000, 'DigiOut', 1_000_001);
    // 1024 of these would be one record of more than 32 KB, which the server refuses.
    expect(recordBytes(all.slice(0, SUBSCRIBE_BATCH))).toBeGreaterThan(HUB_MAX_MESSAGE_BYTES);
    const batches = recordBatches(all, SUBSCRIBE_BATCH);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(SUBSCRIBE_BATCH);
      expect(recordBytes(batch)).toBeLessThanOrEqual(HUB_MAX_MESSAGE_BYTES);
    }
    expect(batches.flat()).toEqual(all);
  });

  it('counts non-ASCII text by its UTF-8 bytes', () => {
    const texts = Array.from({ length: 300 }, (_, i) => ({ id: i, text: 'Überlauf Rückhaltebecken ÄÖÜ' }));
    for (const batch of recordBatches(texts, 400))
      expect(recordBytes(batch)).toBeLessThanOrEqual(HUB_MAX_MESSAGE_BYTES);
  });

  it('sends nothing for nothing', () => {
    expect(recordBatches([], SUBSCRIBE_BATCH)).toEqual([]);
  });
});
