import type { ProcessValue, Quality } from '@leitwarte/core';
import { createListeners } from '../../plant/listeners.js';
import type { PlantDefinition, PvDefinition } from '../../plant/definition-types.js';
import { createCalendar } from '../simulator/calendar.js';
import type { ConnectionState, FieldWrite, StationUpdate } from '../data-source.js';
import type { FieldSourceDefinition, PvBinding } from '../definition/sources-definition.js';
import { backoffDelay } from './backoff.js';
import { createCounterTracker } from './counter-tracker.js';
import type {
  AdapterContext,
  AdapterWrite,
  OperatedSource,
  ProtocolAdapter,
  ProtocolSession,
  RawValue,
  SourceCounters,
  SourceLog,
} from './field-types.js';
import { createPendingWrites } from './pending-writes.js';
import { createStationLinks } from './station-links.js';
import { decodeRaw, encodeValue, placeholderValue, unchanged } from './value-codec.js';

export interface FieldSourceOptions<S extends FieldSourceDefinition> {
  source: S;
  plant: PlantDefinition;
  adapter: (ctx: AdapterContext<S>) => ProtocolAdapter;
  dataDir: string;
  log: SourceLog;
  now?: () => number;
  random?: () => number;
}

const DEFAULT_RECONNECT = { initialMs: 1000, maxMs: 30_000 };
const DEFAULT_WRITE_TIMEOUT_MS = 5000;
/** The same error is logged at most this often; the status always shows the latest. */
const LOG_REPEAT_MS = 60_000;

/**
 * A field connection: keeps it up with a capped backoff, turns what the protocol delivers into PV
 * values (report by exception: a value goes out when it or its quality changed), reports every
 * PV Bad and every station's connection lost when the connection breaks, and confirms writes by
 * the value the device reports back. The protocol itself is the adapter's (MQTT, Modbus, ...).
 */
export function createFieldSource<S extends FieldSourceDefinition>(
  options: FieldSourceOptions<S>,
): OperatedSource {
  const { source, plant, log } = options;
  const now = options.now ?? Date.now;
  const name = source.name ?? source.id;
  const bindings: PvBinding[] = [...plant.sources.bindings.values()].filter((b) => b.sourceId === source.id);
  const pvs = new Map<string, PvDefinition>();
  const byKey = new Map(plant.pvs.map((pv) => [pv.key, pv]));
  for (const binding of bindings) {
    const pv = byKey.get(binding.key);
    if (pv) pvs.set(binding.key, pv);
  }
  const stationDefs = plant.stations.filter((s) => plant.sources.stationSource.get(s.number) === source.id);
  const calendar = createCalendar(plant.info.timeZone);
  const counter = createCounterTracker(calendar);
  const links = createStationLinks(stationDefs, calendar);

  const valueListeners = createListeners<readonly ProcessValue[]>();
  const historyListeners = createListeners<readonly ProcessValue[]>();
  const stateListeners = createListeners<ConnectionState>();
  const stationListeners = createListeners<readonly StationUpdate[]>();
  const last = new Map<string, ProcessValue>();
  const counters: SourceCounters = { messages: 0, reads: 0, writes: 0, errors: 0, reconnects: 0 };
  let lastError: { message: string; at: number } | null = null;
  const logged = new Map<string, number>();
  let state: ConnectionState = 'Disconnected';
  let since = now();
  let running = false;
  let everConnected = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let rollTimer: ReturnType<typeof setInterval> | null = null;
  /** Bumped at every stop and restart, so a connect that finishes late is dropped. */
  let generation = 0;
  let batch: ProcessValue[] = [];
  let history: ProcessValue[] = [];
  let flushing = false;

  const flush = () => {
    flushing = false;
    const [values, late] = [batch, history];
    batch = [];
    history = [];
    if (late.length > 0) historyListeners.emit(late);
    if (values.length > 0) valueListeners.emit(values);
    pending.settleConfirmed();
  };
  const schedule = () => {
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  };
  const emit = (key: string, value: ProcessValue) => {
    last.set(key, value);
    batch.push(value);
    schedule();
  };
  const pending = createPendingWrites((held) => emit(`${held.pvRef.type}-${held.pvRef.nr}`, held));

  const error = (message: string) => {
    counters.errors++;
    lastError = { message, at: now() };
    const t = now();
    if ((logged.get(message) ?? -Infinity) + LOG_REPEAT_MS <= t) {
      logged.set(message, t);
      if (logged.size > 1000) logged.clear();
      log.warn(`source ${source.id}: ${message}`);
    }
  };

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    since = now();
    stateListeners.emit(next);
  };

  const markBad = (keys: Iterable<string>) => {
    const t = now();
    for (const key of keys) {
      if (!pvs.has(key)) continue;
      // A PV never read stays without a value: a made-up 0 marked Bad is still a number on a screen.
      const before = last.get(key);
      if (before === undefined || before.quality === 'Bad') continue;
      emit(key, { ...before, quality: 'Bad', timestamp: t });
    }
  };

  let adapterSession: ProtocolSession | null = null;
  const reachable = (stationNumber: number): boolean | null => {
    // Unknown before the first attempt has an outcome: no connection alert at every start.
    if (!running || state === 'Connecting') return null;
    if (state !== 'Connected' || adapterSession === null) return false;
    const answer = adapterSession.stationReachable?.(stationNumber);
    return answer === undefined ? true : answer;
  };
  const stationsChanged = () => {
    const updates = links.apply(reachable, now());
    if (updates.length > 0) stationListeners.emit(updates);
  };

  const decode = (pv: PvDefinition, raw: RawValue, quality: Quality, timestamp: number) =>
    decodeRaw(pv, raw, quality, timestamp, counter);

  const ctx: AdapterContext<S> = {
    source,
    plantId: plant.info.id,
    bindings,
    pvs,
    stations: stationDefs,
    dataDir: options.dataDir,
    log,
    now,
    receive(key, raw, quality, timestamp) {
      const pv = pvs.get(key);
      if (!pv) return;
      let value: ProcessValue;
      try {
        value = decode(pv, raw, quality, timestamp ?? now());
      } catch (e) {
        error((e as Error).message);
        return markBad([key]);
      }
      if (pending.size > 0) {
        const offer = pending.offer(key, value);
        if (offer === 'held') return;
        if (offer === 'confirmed') return emit(key, value);
      }
      const before = last.get(key);
      if (before !== undefined && unchanged(before, value)) return;
      emit(key, value);
    },
    receiveHistory(key, raw, quality, timestamp) {
      const pv = pvs.get(key);
      if (!pv) return;
      try {
        history.push(decodeRaw(pv, raw, quality, timestamp, placeholderCounter));
        schedule();
      } catch (e) {
        error((e as Error).message);
      }
    },
    markBad,
    count(kind, n = 1) {
      counters[kind] += n;
    },
    error,
    stationsChanged,
    suspend(cause) {
      if (adapterSession === null || state !== 'Connected') return;
      error(`connection lost: ${cause.message}`);
      pending.failAll(new Error(`Verbindung zu ${name} verloren`));
      setState('Disconnected');
      markBad(pvs.keys());
      stationsChanged();
    },
    resume() {
      if (adapterSession === null || state === 'Connected') return;
      counters.reconnects++;
      setState('Connected');
      stationsChanged();
    },
  };
  const adapter = options.adapter(ctx);
  const browse = (nodeId: string | null) => {
    if (adapterSession === null || !adapter.browse)
      return Promise.reject(new Error(`keine Verbindung zu ${name}`));
    return adapter.browse(nodeId);
  };
  const { initialMs, maxMs } = source.reconnect ?? DEFAULT_RECONNECT;

  const lost = (me: number, session: ProtocolSession) => (cause: Error) => {
    if (me !== generation || adapterSession !== session) return;
    adapterSession = null;
    error(`connection lost: ${cause.message}`);
    pending.failAll(new Error(`Verbindung zu ${name} verloren`));
    setState('Disconnected');
    markBad(pvs.keys());
    stationsChanged();
    void session.close().catch(() => {});
    scheduleConnect(me);
  };

  const scheduleConnect = (me: number) => {
    if (!running || me !== generation) return;
    const delay = backoffDelay(attempt++, initialMs, maxMs, options.random);
    retry = setTimeout(() => void connect(me), delay);
    retry.unref();
  };

  async function connect(me: number): Promise<void> {
    retry = null;
    if (!running || me !== generation) return;
    let opened: ProtocolSession;
    try {
      opened = await adapter.connect((cause) => lost(me, opened)(cause));
    } catch (e) {
      if (me !== generation) return;
      error(`cannot connect to ${adapter.target()}: ${(e as Error).message}`);
      setState('Disconnected');
      markBad(pvs.keys());
      stationsChanged();
      return scheduleConnect(me);
    }
    if (me !== generation || !running) return void opened.close().catch(() => {});
    adapterSession = opened;
    attempt = 0;
    if (everConnected) counters.reconnects++;
    everConnected = true;
    setState('Connected');
    stationsChanged();
  }

  async function close(): Promise<void> {
    generation++;
    if (retry) clearTimeout(retry);
    retry = null;
    const open = adapterSession;
    adapterSession = null;
    pending.failAll(new Error(`${name} wurde angehalten`));
    if (open) await open.close().catch((e: unknown) => error(`closing: ${(e as Error).message}`));
  }

  const start = async () => {
    if (running) return;
    running = true;
    attempt = 0;
    setState('Connecting');
    stationsChanged();
    rollTimer = setInterval(() => {
      const updates = links.rollover(now());
      if (updates.length > 0) stationListeners.emit(updates);
    }, 60_000);
    rollTimer.unref();
    void connect(generation);
  };

  return {
    id: source.id,
    start,
    async stop() {
      if (!running) return;
      running = false;
      if (rollTimer) clearInterval(rollTimer);
      await close();
      await adapter.release?.().catch((e: unknown) => error(`releasing: ${(e as Error).message}`));
      setState('Disconnected');
      stationsChanged();
    },
    async restart() {
      if (!running) return start();
      await close();
      await adapter.reload?.().catch((e: unknown) => error(`reloading: ${(e as Error).message}`));
      // Cut on purpose: the values are Bad, the stations unknown (no alert) until the new attempt decides.
      attempt = 0;
      setState('Connecting');
      markBad(pvs.keys());
      stationsChanged();
      void connect(generation);
    },
    async write(writes: readonly FieldWrite[]) {
      const open = adapterSession;
      if (state !== 'Connected' || open === null) throw new Error(`keine Verbindung zu ${name}`);
      const prepared: AdapterWrite[] = writes.map(({ ref, value }) => {
        const key = `${ref.type}-${ref.nr}`;
        const binding = bindings.find((b) => b.key === key);
        const pv = pvs.get(key);
        if (!binding || !pv) throw new Error(`${key} ist nicht an ${name} angebunden`);
        if (pending.has(key))
          throw new Error(`${key}: ein früherer Schreibauftrag wartet noch auf die Bestätigung`);
        return { binding, pv, value, raw: encodeValue(value) };
      });
      const timeoutMs = source.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
      const confirmations = prepared.map((w) =>
        pending.expect(w.binding.key, adapter.quantise?.(w.binding, w.value) ?? w.value, timeoutMs, () => {
          error(`write to ${w.binding.key} not confirmed within ${timeoutMs} ms`);
          return new Error(
            `${w.pv.config.name} (${w.binding.key}): vom Gerät nicht innerhalb von ${timeoutMs / 1000} s bestätigt`,
          );
        }),
      );
      // Every promise is observed from here on, whichever fails first.
      const all = Promise.all(confirmations);
      all.catch(() => {});
      try {
        await open.write(prepared);
      } catch (e) {
        const message = (e as Error).message;
        error(`write failed: ${message}`);
        for (const w of prepared) pending.fail(w.binding.key, new Error(`${w.binding.key}: ${message}`));
      }
      await all;
      counters.writes += prepared.length;
    },
    onValues: (listener) => valueListeners.add(listener),
    onHistory: (listener) => historyListeners.add(listener),
    connectionState: () => state,
    onConnectionState: (listener) => stateListeners.add(listener),
    onStations: (listener) => stationListeners.add(listener),
    async dial(stationNumber, action) {
      if (!stationDefs.some((s) => s.number === stationNumber))
        throw new Error(`Station ${stationNumber} gehört nicht zu ${name}`);
      if (action === 'Disconnect') throw new Error(`Station ${stationNumber} hat eine Festverbindung`);
      // Connect on a lost line tries again at once instead of waiting out the backoff.
      if (action === 'Connect' && running && adapterSession === null && retry !== null) {
        clearTimeout(retry);
        attempt = 0;
        void connect(generation);
      }
      stationListeners.emit(links.current().filter((u) => u.stationNumber === stationNumber));
    },
    status() {
      let badPvs = 0;
      let noValuePvs = 0;
      for (const key of pvs.keys()) {
        const value = last.get(key);
        if (value === undefined) noValuePvs++;
        else if (value.quality === 'Bad') badPvs++;
      }
      return {
        id: source.id,
        name,
        kind: source.kind,
        state,
        since,
        lastError,
        counters: { ...counters },
        pvs: pvs.size,
        badPvs,
        noValuePvs,
        stations: stationDefs.length,
        target: adapter.target(),
      };
    },
    ...(adapter.browse && {
      browse: (nodeId: string | null) => browse(nodeId),
    }),
  };
}

function placeholderCounter(pv: PvDefinition, total: number, timestamp: number) {
  const value = placeholderValue(pv, 'Good', timestamp) as ProcessValue & { type: 'CounterValue' };
  return { ...value, counterValue: { ...value.counterValue, value: total } };
}
