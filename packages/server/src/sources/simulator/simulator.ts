import { counterRollover, type ProcessValue } from '@leitwarte/core';
import { createListeners } from '../../plant/listeners.js';
import type { PlantDefinition } from '../../plant/definition-types.js';
import type { ConnectionState, StationUpdate } from '../data-source.js';
import { createCalendar, type LocalTime } from './calendar.js';
import { markDirty, toProcessValue } from './cells.js';
import { control, type StepContext } from './control.js';
import { createRain } from './curves.js';
import { initialise } from './initial.js';
import {
  mainsDown,
  stepEvents,
  stepInstruments,
  type EventState,
  type SimulatorRates,
} from './instruments.js';
import { stepMeters, stepPumps, stepTanks } from './process.js';
import { DEFAULT_RATES, type Simulator, type SimulatorOptions } from './options.js';
import { seededRandom } from './random.js';
import { createStations } from './stations.js';
import { applyWrites } from './writes.js';
import { buildWorld } from './build-world.js';
import type { PumpSim } from './world.js';

/** A catch-up after a long pause (suspend, debugger) is integrated in at most this many steps. */
const MAX_STEPS_PER_CALL = 3600;

/** Animates a plant definition plausibly; see plants/README.md, "Simulation". */
export function createSimulator(definition: PlantDefinition, options: SimulatorOptions = {}): Simulator {
  const now = options.now ?? Date.now;
  const random = options.random ?? seededRandom(options.seed ?? 1);
  const tickMs = options.tickMs ?? 1000;
  const rates: SimulatorRates = { ...DEFAULT_RATES, ...options.rates };
  const calendar = createCalendar(options.timeZone ?? definition.info.timeZone);
  const world = buildWorld(definition);
  const rain = createRain(random, rates.rainEventsPerDay);
  const stations = createStations(definition.stations, random, () => rates.dialFailureRate);
  const events: EventState = { glitch: null };
  const pumpsByStation = new Map<number, PumpSim[]>();
  for (const pump of world.pumps)
    pumpsByStation.set(pump.def.station, [...(pumpsByStation.get(pump.def.station) ?? []), pump]);

  const valueListeners = createListeners<readonly ProcessValue[]>();
  const stateListeners = createListeners<ConnectionState>();
  const stationListeners = createListeners<readonly StationUpdate[]>();
  let state: ConnectionState = 'Disconnected';
  let started = false;
  let reconnecting = false;
  let last = 0;
  let local: LocalTime | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    stateListeners.emit(next);
  };

  const advance = (at: number, dt: number) => {
    const nextLocal = calendar(at);
    const rollover = local ? counterRollover(local, nextLocal) : { day: false, month: false, year: false };
    local = nextLocal;
    rain.step(dt);
    const ctx: StepContext = {
      now: at,
      dt,
      local: nextLocal,
      rain: rain.intensity,
      mainsDown: mainsDown(world, at),
    };
    stepEvents(world, ctx, random, rates, events);
    control(world, ctx);
    stepPumps(world, ctx, random, rollover);
    stepTanks(world, ctx, random, rollover);
    stepMeters(world, ctx, random, rollover);
    stepInstruments(world, ctx, random, rollover, pumpsByStation);
    stations.step(at, rollover);
  };

  /** Emits dirty cells of reachable stations; the rest stay dirty until their station calls in. */
  const flush = (at: number) => {
    if (state !== 'Connected') return;
    const batch: ProcessValue[] = [];
    const kept = [];
    for (const cell of world.cells.dirty) {
      if (stations.reachable(cell.station)) {
        cell.dirty = false;
        batch.push(toProcessValue(cell, at));
      } else {
        kept.push(cell);
        // An alert input that became active makes a dial-up station call in (a "spontaneous" call).
        if (cell.x === 1 && cell.def.config.alertInputConfig) stations.alert(cell.station, at);
      }
    }
    world.cells.dirty = kept;
    const updates = stations.drainUpdates();
    if (updates.length > 0) stationListeners.emit(updates);
    if (batch.length > 0) valueListeners.emit(batch);
  };

  const step = () => {
    if (!started) return;
    const t = now();
    if (reconnecting) {
      reconnecting = false;
      stations.connect(t);
      for (const cell of world.cells.list) markDirty(world.cells, cell);
      setState('Connected');
    }
    const span = t - last;
    if (span > 0) {
      const steps = Math.min(MAX_STEPS_PER_CALL, Math.ceil(span / tickMs));
      for (let i = 1; i <= steps; i++) advance(last + (span * i) / steps, span / steps / 1000);
      last = t;
    }
    flush(t);
  };

  return {
    async start() {
      if (started) return;
      const t = now();
      if (local === null) {
        local = calendar(t);
        initialise(world, random, local);
        // One short step so the first image shows the running plant (pumps, flows, levels).
        advance(t, tickMs / 1000);
        last = t;
      }
      started = true;
      setState('Connecting');
      stations.connect(t);
      setState('Connected');
      flush(t);
      if (options.autoTick ?? true) {
        timer = setInterval(step, tickMs);
        // The simulator must never keep a process (or a test run) alive on its own.
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      started = false;
      setState('Disconnected');
    },
    async write(writes) {
      if (!started || state !== 'Connected') throw new Error('no connection to the field');
      const written = applyWrites(world.cells, writes);
      const t = now();
      // A dial-up station takes the command on its next call; raise that call now.
      for (const station of written) if (!stations.reachable(station)) stations.alert(station, t);
      flush(t);
    },
    onValues: (listener) => valueListeners.add(listener),
    connectionState: () => state,
    onConnectionState: (listener) => stateListeners.add(listener),
    onStations: (listener) => stationListeners.add(listener),
    async dial(stationNumber, action) {
      if (!started || state !== 'Connected') throw new Error('no connection to the field');
      stations.request(stationNumber, action, now());
      flush(now());
    },
    step,
    setConnected(connected) {
      if (!started) return;
      const t = now();
      if (!connected) {
        if (state === 'Disconnected') return;
        reconnecting = false;
        // Everything the server knows is now stale: report every value Bad, once.
        const stale = world.cells.list.map((cell) => toProcessValue(cell, t, 'Bad'));
        stations.unknown(t);
        setState('Disconnected');
        stationListeners.emit(stations.drainUpdates());
        valueListeners.emit(stale);
      } else if (state === 'Disconnected') {
        setState('Connecting');
        reconnecting = true;
      }
    },
  };
}
