import { pvKey, WEEKDAYS } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANT_PATH, loadPlantDefinition, parsePlantDefinition, PlantDefinitionError } from './index.js';

/** A station with a pump and two switching times, and a second station, to break in one place per test. */
function plant(programs: unknown[]) {
  const station = (number: number, pvs: unknown[], extra: Record<string, unknown> = {}) => ({
    number,
    name: `Station ${number}`,
    kind: 'Abwasserpumpwerk',
    eks: `0${number}AP`,
    location: null,
    processImage: null,
    mobileNetworkStandard: 'LTE',
    connection: 'permanent',
    units: [{ unit: 'pump', id: `p${number}`, name: 'Pumpe', eks: 'P01', at: 30, flow: 40, power: 4 }],
    pvs,
    ...extra,
  });
  const time = (number: number, initial: string) => ({
    type: 'AnaOut',
    number,
    name: `Schaltzeit ${number}`,
    eks: `YS${number}`,
    subtype: 'Schaltzeit',
    valueType: 'TimeOfDayValue',
    min: 0,
    max: 5947,
    initial,
  });
  return {
    format: 'leitwarte-plant/1',
    plant: {
      id: 'T',
      name: 'Test',
      operator: 'o',
      client: 'c',
      provider: 'p',
      company: 'co',
      publicAuthority: 'pa',
      timeZone: 'Europe/Berlin',
    },
    stations: [
      station(3, [time(701, '06:00'), time(702, '22:00'), time(703, '08:00')], { programs }),
      station(4, [
        time(701, '06:00'),
        { type: 'AnaOut', number: 800, name: 'Soll', eks: 'Y8', subtype: 'Soll' },
      ]),
    ],
  };
}
const program = (days: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'p3-programm',
  name: 'Pumpe 3',
  machine: 'DigiIn-300030',
  days,
  ...extra,
});

function refusal(document: unknown): PlantDefinitionError {
  try {
    parsePlantDefinition(document);
  } catch (error) {
    if (error instanceof PlantDefinitionError) return error;
    throw error;
  }
  throw new Error('definition was accepted');
}

describe('switching programs of the plant definition', () => {
  it('resolve to a week of seven days whose points are the time-of-day PVs, missing days empty', () => {
    const definition = parsePlantDefinition(
      plant([
        program({
          mon: [
            { switch: 'on', pv: 'AnaOut-300701' },
            { switch: 'off', pv: 'AnaOut-300702' },
          ],
          sat: [{ switch: 'on', pv: 'AnaOut-300703' }],
        }),
      ]),
    );
    expect(definition.programs).toHaveLength(1);
    const [p] = definition.programs;
    expect(p?.stationNr).toBe(3);
    expect(p?.machine).toEqual({ type: 'DigiIn', nr: 300030 });
    expect(p?.days.map((d) => d.day)).toEqual([...WEEKDAYS]);
    expect(p?.days[0]?.points).toEqual([
      { switch: 'on', pvRef: { type: 'AnaOut', nr: 300701 } },
      { switch: 'off', pvRef: { type: 'AnaOut', nr: 300702 } },
    ]);
    expect(p?.days[5]?.points.map((point) => pvKey(point.pvRef))).toEqual(['AnaOut-300703']);
    expect(p?.days[6]?.points).toEqual([]);
  });

  it('refuse an unknown machine, a PV of another station, a PV that is no time of day, a PV used twice', () => {
    const unknown = refusal(plant([program({}, { machine: 'DigiIn-300099' })]));
    expect(unknown.path).toBe('stations[0].programs[0].machine');
    expect(unknown.reason).toContain('unknown PV DigiIn-300099');

    const foreign = refusal(plant([program({ tue: [{ switch: 'on', pv: 'AnaOut-400701' }] })]));
    expect(foreign.path).toBe('stations[0].programs[0].days.tue[0].pv');
    expect(foreign.reason).toContain('belongs to station 4');

    const notTime = refusal(plant([program({ mon: [{ switch: 'on', pv: 'DigiOut-300030' }] })]));
    expect(notTime.reason).toContain('is not a time-of-day output');

    const twice = refusal(
      plant([
        program({
          mon: [{ switch: 'on', pv: 'AnaOut-300701' }],
          tue: [{ switch: 'on', pv: 'AnaOut-300701' }],
        }),
      ]),
    );
    expect(twice.path).toBe('stations[0].programs[0].days.tue[0].pv');
    expect(twice.reason).toContain('already switches stations[0].programs[0].days.mon[0]');
  });

  it('refuse an unknown weekday, a switch that is neither on nor off, and a program id used twice', () => {
    expect(refusal(plant([program({ mo: [] })])).message).toMatch(/programs\[0\]\.days.*unknown field.*mo/);
    expect(refusal(plant([program({ mon: [{ switch: 'start', pv: 'AnaOut-300701' }] })])).path).toContain(
      'programs[0].days.mon[0].switch',
    );
    const again = refusal(plant([program({}), program({})]));
    expect(again.path).toBe('stations[0].programs[1].id');
  });

  it('the demo plant switches waterworks pumps, an aerator and a valve with other times at the weekend', () => {
    const demo = loadPlantDefinition(DEMO_PLANT_PATH);
    const byPv = new Map(demo.pvs.map((pv) => [pv.key, pv]));
    expect(demo.programs.map((p) => p.name)).toEqual([
      'Netzpumpe 1',
      'Spülpumpe',
      'Gebläse 1',
      'Schieber Überschussschlamm',
    ]);
    const initial = (key: string) => byPv.get(key)?.sim.initial;
    for (const p of demo.programs) {
      const first = (day: number) => p.days[day]?.points[0];
      const monday = first(0);
      const saturday = first(5);
      expect(monday && saturday).toBeTruthy();
      if (!monday || !saturday) continue;
      expect(initial(pvKey(monday.pvRef))).not.toEqual(initial(pvKey(saturday.pvRef)));
    }
  });
});
