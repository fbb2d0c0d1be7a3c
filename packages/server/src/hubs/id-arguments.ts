import { SUBSCRIBE_BATCH } from '@leitwarte/core';
import { HubError, expectArgumentCount } from './hub.js';

/** The single argument of a subscribe-by-id call: ≤ max distinct positive integer ids (calls §9). */
export function parseIds(args: readonly unknown[], what: string, max = SUBSCRIBE_BATCH): number[] {
  expectArgumentCount(args, 1);
  const raw = args[0];
  if (!Array.isArray(raw)) throw new HubError(`Expected an array of ${what} ids.`);
  if (raw.length > max) throw new HubError(`At most ${max} ${what} ids per call, got ${raw.length}.`);
  raw.forEach((item: unknown, index) => {
    if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < 1) {
      throw new HubError(`Invalid ${what} id at index ${index}.`);
    }
  });
  return [...new Set(raw as number[])];
}

/** Reply of the subscribe-by-id calls. */
export interface IdSubscribeReply {
  subscribed: number[];
  missingIds: number[];
  unauthorizedIds: number[];
}
