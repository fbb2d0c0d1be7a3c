import type { DialState, Station } from '@leitwarte/core';
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/** A dial action in progress as this browser started it (screens §4 "Dialing"). */
export type LocalDialState = 'Connecting' | 'Disconnecting';

/** What the station channel tells about a station; each event carries only its part. */
export interface StationLiveState {
  stationNumber: number;
  dialState?: DialState;
  timestamp?: number;
  lastConnection?: number | null;
  dialCounters?: Station['dialCounters'];
  /** Set at once by a Connect or Disconnect here; cleared by the server's next dial state. */
  localDial?: LocalDialState | null;
}

type Listener = () => void;

/**
 * Live station states outside React, per station: events are queued and merged once per frame,
 * and only the stations that changed are told. A local Connecting/Disconnecting applies at once.
 */
export class StationStateStore {
  private readonly states = new Map<number, StationLiveState>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private pending = new Map<number, Partial<StationLiveState>>();
  private frame: number | null = null;

  constructor(private readonly scheduler: FrameScheduler = animationFrameScheduler) {}

  get(stationNumber: number): StationLiveState | undefined {
    return this.states.get(stationNumber);
  }

  subscribe(stationNumber: number, listener: Listener): () => void {
    let set = this.listeners.get(stationNumber);
    if (!set) this.listeners.set(stationNumber, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(stationNumber) === set) this.listeners.delete(stationNumber);
    };
  }

  /** Queues a part of a station's state from the channel; a dial state ends a local one. */
  enqueue(stationNumber: number, part: Partial<StationLiveState>): void {
    const queued = this.pending.get(stationNumber) ?? {};
    const next = { ...queued, ...part };
    if (part.dialState !== undefined) next.localDial = null;
    this.pending.set(stationNumber, next);
    this.frame ??= this.scheduler.request(() => this.flush());
  }

  /** Shows Connecting or Disconnecting at once (null: back to the server's state). */
  setLocal(stationNumber: number, localDial: LocalDialState | null): void {
    this.apply(stationNumber, { localDial });
    this.notify([stationNumber]);
  }

  flush(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    const batch = this.pending;
    this.pending = new Map();
    for (const [nr, part] of batch) this.apply(nr, part);
    this.notify([...batch.keys()]);
  }

  clear(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    this.pending = new Map();
    const keys = [...this.states.keys()];
    this.states.clear();
    this.notify(keys);
  }

  private apply(stationNumber: number, part: Partial<StationLiveState>): void {
    const current = this.states.get(stationNumber) ?? { stationNumber };
    this.states.set(stationNumber, { ...current, ...part, stationNumber });
  }

  private notify(keys: readonly number[]): void {
    for (const key of keys) {
      const set = this.listeners.get(key);
      if (set) for (const listener of [...set]) listener();
    }
  }
}

/** The station as the snapshot had it, with what the channel and local dial actions said since. */
export function liveStation(
  station: Station,
  live: StationLiveState | undefined,
): Station & { localDial: LocalDialState | null } {
  return {
    ...station,
    dialState: live?.dialState ?? station.dialState,
    timestamp: live?.timestamp ?? station.timestamp,
    lastConnection: live?.lastConnection !== undefined ? live.lastConnection : station.lastConnection,
    dialCounters: live?.dialCounters ?? station.dialCounters,
    localDial: live?.localDial ?? null,
  };
}
