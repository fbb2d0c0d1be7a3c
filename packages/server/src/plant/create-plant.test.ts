import { pvKey, type ProcessValue } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import type { ConnectionState, DataSource, StationUpdate } from '../sources/data-source.js';
import { createSimulator, QUIET_RATES } from '../sources/index.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);

/** A data source the test drives by hand. */
function fakeSource() {
  const valueListeners = new Set<(v: readonly ProcessValue[]) => void>();
  const stationListeners = new Set<(u: readonly StationUpdate[]) => void>();
  const source: DataSource & { push(v: ProcessValue[]): void; station(u: StationUpdate): void } = {
    start: async () => {},
    stop: async () => {},
    write: async () => {},
    onValues: (l) => (valueListeners.add(l), () => void valueListeners.delete(l)),
    connectionState: (): ConnectionState => 'Connected',
    onConnectionState: () => () => {},
    onStations: (l) => (stationListeners.add(l), () => void stationListeners.delete(l)),
    push: (v) => valueListeners.forEach((l) => l(v)),
    station: (u) => stationListeners.forEach((l) => l([u])),
  };
  return source;
}

const double = (type: 'AnaIn' | 'Undef', nr: number, value: number): ProcessValue => ({
  pvRef: { type, nr },
  quality: 'Good',
  timestamp: T0,
  type: 'DoubleValue',
  doubleValue: value,
});

describe('plant model', () => {
  const plant = createPlant({ definition, source: fakeSource(), now: () => T0 });

  it('lists the stations with kind, geo location, process image and unknown dial state before start', () => {
    const stations = plant.stations();
    expect(stations).toHaveLength(definition.stations.length);
    expect(plant.station(1)).toMatchObject({
      name: 'Wasserwerk Auheim',
      kind: 'Wasserwerk',
      dialState: 'NotDefined',
      timestamp: T0,
      hasGeoLocation: true,
      processImage: 'wasserwerk-auheim',
      dialCounters: { mobileNetworkStandard: 'LTE', dayCounter: 0 },
    });
    expect(plant.station(8)).toMatchObject({
      hasGeoLocation: false,
      location: null,
      processImage: 'apw-am-sportplatz',
    });
    expect(plant.station(99)).toBeUndefined();
  });

  it("names each station's key values from its units: levels, flows, pressures and pumps first", () => {
    const waterworks = plant.station(1)!.keyValues.map((ref) => plant.config(pvKey(ref))!.subtype);
    expect(waterworks.length).toBeGreaterThan(2);
    expect(waterworks.length).toBeLessThanOrEqual(6);
    expect(waterworks[0]).toBe('Füllstand');
    expect(waterworks).toContain('Durchfluss');
    expect(waterworks).toContain('Pumpe');
    for (const station of plant.stations()) {
      for (const ref of station.keyValues) expect(plant.stationOf(ref)).toBe(station.stationNumber);
    }
  });

  it('finds configs by key and knows every config', () => {
    expect(plant.pvConfigs()).toHaveLength(definition.pvs.length);
    expect(plant.config('AnaIn-200010')).toMatchObject({ name: 'Hochbehälter Füllstand', dimension: 'm' });
    expect(plant.config('AnaIn-999999')).toBeUndefined();
  });

  it('builds the tree station → subtype with every PV exactly once, subtypes sorted', () => {
    const tree = plant.tree();
    expect(tree.map((n) => n.stationNumber)).toEqual(definition.stations.map((s) => s.number));
    const items = tree.flatMap((n) => n.groups.flatMap((g) => g.pvs));
    expect(items).toHaveLength(definition.pvs.length);
    const hb = tree.find((n) => n.stationNumber === 2);
    const subtypes = hb?.groups.map((g) => g.subtype) ?? [];
    expect(subtypes).toEqual([...subtypes].sort((a, b) => a.localeCompare(b, 'de')));
    expect(hb?.groups.find((g) => g.subtype === 'Füllstand')?.pvs[0]).toMatchObject({
      pvRef: { type: 'AnaIn', nr: 200010 },
      stationName: 'Hochbehälter Lindenberg',
      eks: '02HB-HB1-CL01',
    });
  });

  it('knows the station of encoded and plant-wide PVs', () => {
    expect(plant.stationOf({ type: 'DigiOut', nr: 1100900 })).toBe(11);
    expect(plant.stationOf({ type: 'LaborWert', nr: 11901 })).toBe(11);
    expect(plant.stationOf({ type: 'ZaehlWert', nr: 2060 })).toBe(2);
    expect(plant.stationOf({ type: 'LaborWert', nr: 424242 })).toBeNull();
  });

  it('exposes the plant metadata', () => {
    expect(plant.info).toMatchObject({
      id: 'ZVWA-TALAUE',
      publicAuthority: expect.stringContaining('Wasserbehörde'),
    });
  });
});

describe('plant values and stations from the source', () => {
  it('keeps the latest value per PV, passes batches on and drops unknown PVs', () => {
    const source = fakeSource();
    const plant = createPlant({ definition, source, now: () => T0 });
    const batches: (readonly ProcessValue[])[] = [];
    plant.values.onChange((b) => batches.push(b));
    const first = [double('AnaIn', 200010, 3.2), double('AnaIn', 200010, 3.3)];
    source.push(first);
    expect(batches[0]).toBe(first);
    expect(plant.values.get('AnaIn-200010')).toMatchObject({ doubleValue: 3.3 });
    source.push([double('AnaIn', 999999, 1), double('Undef', 1990, 5)]);
    expect(batches[1]).toEqual([double('Undef', 1990, 5)]);
    expect([...plant.values.all()]).toHaveLength(2);
    expect(plant.values.get('nonsense')).toBeUndefined();
  });

  it('a throwing listener does not keep the others from their values', async () => {
    const source = fakeSource();
    const plant = createPlant({ definition, source });
    let seen = 0;
    plant.values.onChange(() => {
      throw new Error('listener bug');
    });
    plant.values.onChange((b) => (seen += b.length));
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    source.push([double('AnaIn', 200010, 1)]);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(seen).toBe(1);
    expect(warnings).toContain('listener bug');
  });

  it('merges station updates and tells listeners', () => {
    const source = fakeSource();
    const plant = createPlant({ definition, source });
    const changed: number[] = [];
    plant.onStationChange((s) => changed.push(...s.map((x) => x.stationNumber)));
    const counters = { mobileNetworkStandard: 'GSM', dayCounter: 3, monthCounter: 40, yearCounter: 400 };
    source.station({
      stationNumber: 8,
      dialState: 'Connected',
      timestamp: T0,
      lastConnection: T0,
      dialCounters: counters,
    });
    expect(changed).toEqual([8]);
    expect(plant.station(8)).toMatchObject({
      dialState: 'Connected',
      lastConnection: T0,
      name: 'Abwasserpumpwerk Am Sportplatz',
    });
    expect(plant.stations().find((s) => s.stationNumber === 8)?.dialCounters.dayCounter).toBe(3);
  });

  it('refuses writes to unknown PVs and dials to unknown stations', async () => {
    const plant = createPlant({ definition, source: fakeSource() });
    const value = double('AnaIn', 999999, 1);
    await expect(plant.write([{ ref: value.pvRef, value }])).rejects.toThrow(/unknown PV AnaIn-999999/);
    await expect(plant.dial(99, 'Connect')).rejects.toThrow(/unknown station/);
    await expect(plant.dial(8, 'Connect')).rejects.toThrow(/cannot dial/);
  });

  it('with the simulator: values and station states arrive at start', async () => {
    const now = () => T0;
    const source = createSimulator(definition, { now, autoTick: false, rates: QUIET_RATES });
    const plant = createPlant({ definition, source, now });
    const states: string[] = [];
    plant.onConnectionState((s) => states.push(s));
    await plant.start();
    expect(states).toEqual(['Connecting', 'Connected']);
    expect(plant.connectionState()).toBe('Connected');
    expect(plant.station(1)?.dialState).toBe('Connected');
    expect(plant.station(10)?.dialState).toBe('NotConnected');
    expect(plant.values.get('AnaIn-200010')).toMatchObject({
      type: 'DoubleValue',
      quality: 'Good',
      timestamp: T0,
    });
    // Dial-up stations report only once they have called in.
    expect(plant.values.get('AnaIn-1000010')).toBeUndefined();
    await plant.stop();
    expect(plant.connectionState()).toBe('Disconnected');
  });
});
