import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PV_TYPES, PV_VALUE_TYPES, decodePvNr, isStationEncoded } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANT_PATH, loadPlantDefinition, parsePlantDefinition, PlantDefinitionError } from './index.js';

const demo = loadPlantDefinition(DEMO_PLANT_PATH);

/** A small valid document to break in one place per test. */
function minimal() {
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
      {
        number: 3,
        name: 'Pumpwerk',
        kind: 'Abwasserpumpwerk',
        eks: '03AP',
        location: null,
        processImage: null,
        mobileNetworkStandard: 'LTE',
        connection: 'permanent',
        units: [
          {
            unit: 'tank',
            id: 'sump',
            name: 'Pumpensumpf',
            eks: 'PS1',
            at: 10,
            height: 3,
            area: 5,
            control: { mode: 'drain', on: 1.5, off: 0.5, pumps: ['p1'] },
            inflow: [{ curve: 'wastewater', mean: 10 }],
            outflow: [],
          } as Record<string, unknown>,
          { unit: 'pump', id: 'p1', name: 'Pumpe 1', eks: 'P01', at: 30, flow: 40, power: 4 } as Record<
            string,
            unknown
          >,
        ],
        pvs: [] as Record<string, unknown>[],
      },
    ],
  };
}

function refusal(document: unknown): PlantDefinitionError {
  try {
    parsePlantDefinition(document);
  } catch (error) {
    if (error instanceof PlantDefinitionError) return error;
    throw error;
  }
  throw new Error('definition was accepted');
}

describe('demo plant definition', () => {
  it('has at least 10 stations of the utility kinds, each with a kind', () => {
    expect(demo.stations.length).toBeGreaterThanOrEqual(10);
    const kinds = new Set(demo.stations.map((s) => s.kind));
    for (const kind of [
      'Wasserwerk',
      'Hochbehälter',
      'Druckerhöhungsstation',
      'Abwasserpumpwerk',
      'Regenüberlaufbecken',
      'Kläranlage',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(demo.stations.filter((s) => s.kind === 'Regenüberlaufbecken')).toHaveLength(2);
  });

  it('has at least 300 PVs covering every PV type and every value kind (screens §3)', () => {
    expect(demo.pvs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(demo.pvs.map((p) => p.ref.type))).toEqual(new Set(PV_TYPES));
    expect(new Set(demo.pvs.map((p) => p.config.valueType))).toEqual(new Set(PV_VALUE_TYPES));
  });

  it('numbers AnaIn/AnaOut/DigiIn/DigiOut so that nr decodes to the PV station (screens §3)', () => {
    const encoded = demo.pvs.filter((p) => isStationEncoded(p.ref.type));
    expect(encoded.length).toBeGreaterThan(0);
    for (const pv of encoded) expect(decodePvNr(pv.ref).station).toBe(pv.station);
  });

  it('has unique PV keys, names, EKS numbers and digital texts', () => {
    expect(new Set(demo.pvs.map((p) => p.key)).size).toBe(demo.pvs.length);
    for (const pv of demo.pvs) {
      expect(pv.config.name).not.toBe('');
      expect(pv.config.eksNr).toMatch(/^\d{2}[A-Z]{2}-/);
      if (pv.config.valueType === 'BoolValue' || pv.config.valueType === 'FailureStateValue') {
        expect(pv.config.digiDisplayConfig).not.toBeNull();
      }
    }
    const level = demo.pvs.find((p) => p.config.name === 'Hochbehälter Füllstand' && p.station === 2);
    expect(level?.config).toMatchObject({
      dimension: 'm',
      subtype: 'Füllstand',
      domainConfig: { min: 0, max: 5 },
    });
    const failure = demo.pvs.find((p) => p.config.name === 'Netzpumpe 1 Störung');
    expect(failure?.config.digiDisplayConfig).toEqual({
      stateActiveText: 'Störung',
      stateInactiveText: 'OK',
    });
    expect(failure?.config.alertInputConfig?.priority).toBe(2);
  });

  it('carries plant metadata, geo locations and dial-up stations', () => {
    expect(demo.info).toMatchObject({ id: 'ZVWA-TALAUE', timeZone: 'Europe/Berlin' });
    expect(demo.info.name).toContain('Talaue');
    expect(demo.stations.filter((s) => s.location !== null).length).toBeGreaterThanOrEqual(10);
    expect(demo.stations.some((s) => s.connection === 'dial' && s.mobileNetworkStandard === 'GSM')).toBe(
      true,
    );
  });

  it('expands deterministically', () => {
    expect(loadPlantDefinition(DEMO_PLANT_PATH)).toEqual(demo);
  });
});

describe('refused definitions name the bad field', () => {
  it('accepts the minimal document', () => {
    expect(parsePlantDefinition(minimal()).pvs).toHaveLength(8 + 8);
  });

  it('a value out of range', () => {
    const doc = minimal();
    (doc.stations[0]?.units[0] as Record<string, unknown>).height = -1;
    expect(refusal(doc).message).toContain('stations[0].units[0].height');
  });

  it('an unknown unit kind lists the allowed ones', () => {
    const doc = minimal();
    (doc.stations[0]?.units[1] as Record<string, unknown>).unit = 'pumpe';
    const error = refusal(doc);
    expect(error.path).toBe('stations[0].units[1].unit');
    expect(error.reason).toContain('"pump"');
  });

  it('an unknown field', () => {
    const doc = minimal();
    (doc.stations[0]?.units[1] as Record<string, unknown>).flwo = 3;
    expect(refusal(doc).message).toMatch(/stations\[0\]\.units\[1\].*unknown field.*flwo/);
  });

  it('a missing field', () => {
    const doc = minimal();
    delete (doc.plant as Partial<typeof doc.plant>).timeZone;
    expect(refusal(doc).message).toMatch(/plant.*missing.*timeZone/);
  });

  it('a reference to a unit that does not exist or is of the wrong kind', () => {
    const doc = minimal();
    (doc.stations[0]?.units[0] as { control: { pumps: string[] } }).control.pumps = ['p9'];
    expect(refusal(doc).path).toBe('stations[0].units[0].control.pumps[0]');
    const doc2 = minimal();
    (doc2.stations[0]?.units[0] as { control: { pumps: string[] } }).control.pumps = ['sump'];
    expect(refusal(doc2).reason).toContain('is a tank, not a pump');
  });

  it('switch points in the wrong order for the mode', () => {
    const doc = minimal();
    (doc.stations[0]?.units[0] as { control: { on: number } }).control.on = 0.2;
    expect(refusal(doc).path).toBe('stations[0].units[0].control.on');
  });

  it('two units whose numbers overlap', () => {
    const doc = minimal();
    (doc.stations[0]?.units[1] as Record<string, unknown>).at = 10;
    expect(refusal(doc).reason).toMatch(/collides/);
  });

  it('an explicit AnaIn without its station-local number, a LaborWert with one', () => {
    const doc = minimal();
    doc.stations[0]?.pvs.push({ type: 'AnaIn', name: 'x', eks: 'X', subtype: 'x' });
    expect(refusal(doc).path).toBe('stations[0].pvs[0].number');
    const doc2 = minimal();
    doc2.stations[0]?.pvs.push({ type: 'LaborWert', number: 5, name: 'x', eks: 'X', subtype: 'x' });
    expect(refusal(doc2).path).toBe('stations[0].pvs[0].number');
  });

  it('a value kind the PV type cannot carry', () => {
    const doc = minimal();
    doc.stations[0]?.pvs.push({
      type: 'AnaIn',
      number: 900,
      name: 'x',
      eks: 'X',
      subtype: 'x',
      valueType: 'CounterValue',
    });
    expect(refusal(doc).path).toBe('stations[0].pvs[0].valueType');
  });

  it('an unknown time zone and a duplicate station number', () => {
    const doc = minimal();
    doc.plant.timeZone = 'Europe/Talaue';
    expect(refusal(doc).path).toBe('plant.timeZone');
    const doc2 = minimal();
    const copy = structuredClone(doc2.stations[0]);
    if (copy) doc2.stations.push({ ...copy, units: [] });
    expect(refusal(doc2).path).toBe('stations[1].number');
  });

  it('a file that is not JSON names the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plant-'));
    const file = join(dir, 'plant.json');
    writeFileSync(file, '{ "format": ');
    expect(() => loadPlantDefinition(file)).toThrow(/plant definition .*plant\.json.*not valid JSON/);
    expect(() => loadPlantDefinition(join(dir, 'missing.json'))).toThrow(/cannot read file/);
  });
});
