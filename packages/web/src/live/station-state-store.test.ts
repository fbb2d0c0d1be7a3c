import { describe, expect, it } from 'vitest';
import type { FrameScheduler } from './frame-scheduler';
import { liveStation, StationStateStore } from './station-state-store';
import { station } from '../test-support/fixtures';

const manual = (): FrameScheduler & { run: () => void } => {
  let pending: (() => void) | null = null;
  return {
    request: (callback) => {
      pending = callback;
      return 1;
    },
    cancel: () => {
      pending = null;
    },
    run: () => pending?.(),
  };
};

describe('StationStateStore (screens §4 dialling)', () => {
  it('shows a local Connecting at once and ends it with the next dial state from the channel', () => {
    const frames = manual();
    const store = new StationStateStore(frames);
    let told = 0;
    store.subscribe(10, () => (told += 1));
    store.setLocal(10, 'Connecting');
    expect(told).toBe(1);
    expect(liveStation(station(10, 'RÜB'), store.get(10)).localDial).toBe('Connecting');

    // A timestamp alone does not end it; the dial state does, once the frame applies it.
    store.enqueue(10, { timestamp: 5, lastConnection: 4 });
    frames.run();
    expect(store.get(10)?.localDial).toBe('Connecting');
    store.enqueue(10, { dialState: 'Connected' });
    expect(store.get(10)?.dialState).toBeUndefined();
    frames.run();
    const shown = liveStation(station(10, 'RÜB', { dialState: 'NotConnected' }), store.get(10));
    expect(shown).toMatchObject({ dialState: 'Connected', localDial: null, timestamp: 5, lastConnection: 4 });
    expect(told).toBe(3);
  });
});
