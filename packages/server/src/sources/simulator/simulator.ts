import { counterRollover, type ProcessValue } from '@leitwarte/core';
import { createListeners } from '../../plant/listeners.js';
import type { PlantDefinition } from '../../plant/definition-types.js';
import type {
  ArchivedValue,
  ConnectionState,
  HistoryOptions,
  SourceHistory,
  StationUpdate,
} from '../data-source.js';
import { archivedCellNumber, restoreWorld } from './archive-state.js';
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
  let resumeFrom: ReadonlyMap<string, ArchivedValue> | null = null;

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

  /** The starting state at `at`: the definition's, or what the archive last recorded. */
  const begin = (at: number, state: ReadonlyMap<string, ArchivedValue> | null) => {
    local = calendar(at);
    initialise(world, random, local);
    if (state) restoreWorld(world, state, at, calendar);
    // One short step so the first image shows the running plant (pumps, flows, levels).
    advance(at, tickMs / 1000);
    last = at;
  };

  /** Every value once more at the next emission: the first image after start is complete. */
  const markAllDirty = () => {
    for (const cell of world.cells.list) markDirty(world.cells, cell);
  };

  return {
    async start() {
      if (started) return;
      const t = now();
      if (local === null) begin(t, resumeFrom);
      resumeFrom = null;
      markAllDirty();
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
    resume(values) {
      if (local !== null) throw new Error('the simulator resumes only before it runs');
      resumeFrom = values;
    },
    history(from, to, options: HistoryOptions = {}): SourceHistory {
      if (local !== null) throw new Error('the simulator tells its history only before it runs');
      const stepMs = options.stepMs ?? 10_000;
      local = calendar(from);
      initialise(world, random, local);
      const initial = new Map(world.cells.list.map((cell) => [cell.def.key, archivedCellNumber(cell)]));
      const state = options.prepare?.(initial) ?? resumeFrom;
      if (state) restoreWorld(world, state, from, calendar);
      resumeFrom = null;
      stations.connect(from);
      advance(from, tickMs / 1000);
      last = from;
      const minutes = Math.max(0, Math.ceil((to - from) / 60_000));
      const columns = world.cells.list.map(() => new Float64Array(minutes));
      const stationLog: SourceHistory['stations'] = [];
      for (let k = 0; k < minutes; k++) {
        const t = from + k * 60_000;
        while (last < t) {
          const next = Math.min(t, last + stepMs);
          advance(next, (next - last) / 1000);
          last = next;
        }
        world.cells.list.forEach((cell, i) => ((columns[i] as Float64Array)[k] = archivedCellNumber(cell)));
        // As live: an alert input of a station that is not on line makes it call in.
        for (const cell of world.cells.dirty) {
          cell.dirty = false;
          if (!stations.reachable(cell.station) && cell.x === 1 && cell.def.config.alertInputConfig)
            stations.alert(cell.station, t);
        }
        world.cells.dirty = [];
        const updates = stations.drainUpdates();
        if (updates.length > 0) stationLog.push({ t, updates });
      }
      while (last < to) {
        const next = Math.min(to, last + stepMs);
        advance(next, (next - last) / 1000);
        last = next;
      }
      stations.drainUpdates();
      return {
        from,
        minutes,
        keys: world.cells.list.map((cell) => cell.def.key),
        columns,
        stations: stationLog,
      };
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
