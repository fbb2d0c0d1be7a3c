import { HUB_MAX_MESSAGE_BYTES } from '@leitwarte/core';

const encoder = new TextEncoder();
// Room in a record for what surrounds the arguments: type, invocation id, target, separators.
const ENVELOPE_BYTES = 512;

/**
 * Cuts a subscription's arguments into batches of at most `maxCount` items (calls §9) whose
 * records stay under the server's message limit: 1024 references such as `DigiOut-1000001`
 * take more than 32 KB, and a larger record makes the server close the connection.
 */
export function recordBatches<T>(
  items: readonly T[],
  maxCount: number,
  maxBytes = HUB_MAX_MESSAGE_BYTES,
): T[][] {
  const budget = maxBytes - ENVELOPE_BYTES;
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the array's brackets
  for (const item of items) {
    // UTF-8 length of the item as JSON, and its comma.
    const size = encoder.encode(JSON.stringify(item)).length + 1;
    if (batch.length > 0 && (batch.length === maxCount || bytes + size > budget)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
