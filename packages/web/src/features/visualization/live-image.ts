import { parsePvKey, type PvRef } from '@leitwarte/core';
import { pvHub } from '../../live/pv-hub';
import { pvValueStore } from '../../live/pv-value-store';
import type { ImageBindings } from './bindings';

/** Milliseconds of binding work per frame, leaving the rest of 16.7 ms to restyling and paint. */
const FRAME_SHARE_MS = 3;

/**
 * Connects an image's bindings to the PV channel: one subscription set for all its PVs, and per
 * frame one render of each binding whose PVs changed (the value store notifies changed keys once
 * per frame; the keys are gathered and rendered together in a microtask of that frame, so an
 * element reading three PVs is still written once). Returns the function that disconnects it.
 */
export function connectLiveImage(bindings: ImageBindings, onResync: () => void): () => void {
  const release = pvHub.acquire();
  const refs = bindings.keys.map(parsePvKey).filter((r): r is PvRef => r !== null);
  const dirty = new Set<string>();
  let scheduled = false;
  let frame = 0;
  const flush = () => {
    scheduled = false;
    frame = 0;
    const start = performance.now();
    // A frame writes what fits its share of the budget; the rest follows in the next frames, so
    // a batch changing thousands of elements never stalls one frame with all their restyling.
    for (const key of dirty) {
      dirty.delete(key);
      bindings.update([key]);
      if (performance.now() - start > FRAME_SHARE_MS) break;
    }
    if (dirty.size > 0) {
      scheduled = true;
      frame = requestAnimationFrame(flush);
    }
  };
  const unlisten = bindings.keys.map((key) =>
    pvValueStore.subscribe(key, () => {
      dirty.add(key);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    }),
  );
  // Failures heal themselves: the channel subscribes everything wanted again on every connect.
  if (refs.length > 0) pvHub.subscribe(refs).catch(() => {});
  const unresync = pvHub.onResync(onResync);
  bindings.updateAll();
  return () => {
    cancelAnimationFrame(frame);
    for (const stop of unlisten) stop();
    unresync();
    if (refs.length > 0) pvHub.unsubscribe(refs);
    release();
  };
}
