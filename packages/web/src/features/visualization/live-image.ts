import { parsePvKey, type PvRef } from '@leitwarte/core';
import { pvHub } from '../../live/pv-hub';
import { pvValueStore } from '../../live/pv-value-store';
import type { ImageBindings } from './bindings';

/**
 * Connects an image's bindings to the PV channel: one subscription set for all its PVs, and per
 * frame one render of each binding whose PVs changed. The value store applies a batch in the first
 * frame after it arrives and notifies each changed key; the keys are gathered and every binding
 * they touch is written together in a microtask of that same frame (an element reading three PVs
 * is still written once), so a batch reaches the screen whole, in one frame, and the browser
 * restyles, lays out and paints the image once per batch. Returns the function that disconnects it.
 */
export function connectLiveImage(bindings: ImageBindings, onResync: () => void): () => void {
  const release = pvHub.acquire();
  const refs = bindings.keys.map(parsePvKey).filter((r): r is PvRef => r !== null);
  let dirty = new Set<string>();
  let scheduled = false;
  let connected = true;
  const flush = () => {
    scheduled = false;
    if (!connected) return;
    const keys = dirty;
    dirty = new Set();
    bindings.update(keys);
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
    connected = false;
    for (const stop of unlisten) stop();
    unresync();
    if (refs.length > 0) pvHub.unsubscribe(refs);
    release();
  };
}
