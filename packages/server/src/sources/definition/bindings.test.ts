import { describe, expect, it } from 'vitest';
import { PlantDefinitionError, parsePlantDefinition } from '../../plant/definition.js';
import { fieldPlant, fieldPlantDocument, type FieldStation } from '../../test-support/field-plant.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../../plant/index.js';

const modbus = { id: 'plc', kind: 'modbus', host: '127.0.0.1' };
const broker = { id: 'broker', kind: 'mqtt', url: 'mqtt://127.0.0.1:1883', topic: 'p/{station}/{localEks}' };
const station = (pvs: FieldStation['pvs'], extra: Partial<FieldStation> = {}): FieldStation => ({
  number: 1,
  source: 'plc',
  pvs,
  ...extra,
});

/** The one line a bad definition stops the server with. */
function message(sources: object[], stations: FieldStation[]): string {
  try {
    fieldPlant(sources, stations);
  } catch (error) {
    expect(error).toBeInstanceOf(PlantDefinitionError);
    return (error as Error).message;
  }
  throw new Error('the definition was accepted');
}

describe('sources of the plant file', () => {
  it('leaves the demo plant to the simulator', () => {
    const demo = loadPlantDefinition(DEMO_PLANT_PATH);
    expect(demo.sources.sources).toEqual([]);
    expect(demo.sources.bindings.size).toBe(0);
    expect(new Set(demo.sources.stationSource.values())).toEqual(new Set(['simulator']));
  });

  it('binds PVs with their defaults: templates, tables, byte orders, scaling', () => {
    const plant = fieldPlant(
      [modbus, broker],
      [
        station([
          {
            type: 'AnaIn',
            number: 1,
            address: { table: 'input', address: 3, scale: { raw: [0, 1000], value: [0, 10] } },
          },
          { type: 'AnaIn', number: 2, eks: 'level', source: 'broker' },
        ]),
      ],
    );
    expect(plant.sources.bindings.get('AnaIn-100001')).toMatchObject({
      sourceId: 'plc',
      kind: 'modbus',
      address: {
        table: 'input',
        address: 3,
        type: 'int16',
        byteOrder: 'big',
        wordOrder: 'big',
        bit: null,
        factor: 0.01,
        offset: 0,
      },
    });
    expect(plant.sources.bindings.get('AnaIn-100002')).toMatchObject({
      sourceId: 'broker',
      address: { topic: 'p/1/level', writeTopic: 'p/1/level/set', payload: 'json', valuePath: 'value' },
    });
    expect(plant.sources.stationSource.get(1)).toBe('plc');
  });

  it('addresses unit PVs by unit id and role', () => {
    const doc = fieldPlantDocument([modbus], [station([])]) as { stations: Record<string, unknown>[] };
    doc.stations[0]!.units = [
      {
        unit: 'measurement',
        id: 'o2',
        name: 'Sauerstoff',
        eks: 'O2',
        at: 10,
        subtype: 'Messwert',
        dimension: 'mg/l',
        min: 0,
        max: 10,
        nominal: 2,
        noise: 0.01,
      },
    ];
    doc.stations[0]!.addresses = { 'o2.value': { table: 'holding', address: 7, type: 'float32' } };
    const plant = parsePlantDefinition(doc);
    expect(
      [...plant.sources.bindings.values()].map((b) => [b.key, b.kind === 'modbus' && b.address.address]),
    ).toEqual([['AnaIn-100010', 7]]);
  });

  it.each([
    [
      'an unknown source',
      [modbus],
      [station([{ type: 'AnaIn', number: 1, source: 'plc2', address: {} }])],
      'stations[0].pvs[0].source: unknown source "plc2" (not in "sources")',
    ],
    [
      'a PV without its address',
      [modbus],
      [station([{ type: 'AnaIn', number: 4, name: 'Füllstand' }])],
      'stations[0].pvs[0].address.table: PV AnaIn-100004 "Füllstand": needs a Modbus table',
    ],
    [
      'a value that a bit cannot carry',
      [modbus],
      [station([{ type: 'AnaIn', number: 5, name: 'Druck', address: { table: 'coil', address: 0 } }])],
      'PV AnaIn-100005 "Druck": DoubleValue cannot be carried by a single bit ("coil"); use a register',
    ],
    [
      'an output on a read-only table',
      [modbus],
      [station([{ type: 'AnaOut', number: 1, name: 'Sollwert', address: { table: 'input', address: 0 } }])],
      'PV AnaOut-100001 "Sollwert": AnaOut is written, but "input" is read-only',
    ],
    [
      'an address of another kind',
      [modbus],
      [station([{ type: 'AnaIn', number: 1, name: 'Pegel', address: { topic: 'x' } }])],
      'stations[0].pvs[0].address: PV AnaIn-100001 "Pegel": unknown field ["topic"] (address on modbus source "plc")',
    ],
    [
      'a float past the last register',
      [modbus],
      [
        station([
          {
            type: 'AnaIn',
            number: 1,
            name: 'Pegel',
            address: { table: 'holding', address: 65534, type: 'float64' },
          },
        ]),
      ],
      'float64 at 65534 runs past register 65535',
    ],
    [
      'a wildcard topic',
      [broker],
      [
        station([{ type: 'AnaIn', number: 1, name: 'Pegel', address: { topic: 'a/+/b' } }], {
          source: 'broker',
        }),
      ],
      'must not hold wildcards',
    ],
    [
      'a bad NodeId',
      [{ id: 'ua', kind: 'opcua', endpoint: 'opc.tcp://127.0.0.1:4840' }],
      [
        station([{ type: 'AnaIn', number: 1, name: 'Pegel', address: { nodeId: 'Tank.Level' } }], {
          source: 'ua',
        }),
      ],
      'PV AnaIn-100001 "Pegel": "Tank.Level" is not a NodeId',
    ],
    [
      'a secret that is not in the environment',
      [{ ...broker, username: 'lw', passwordEnv: 'LW_NOT_SET_ANYWHERE' }],
      [station([], { source: 'broker' })],
      'sources[0].passwordEnv: the environment variable LW_NOT_SET_ANYWHERE is not set',
    ],
    ['two sources of one id', [modbus, modbus], [station([])], 'sources[1].id: "plc" is used twice'],
    [
      'a security mode without a policy that fits',
      [
        {
          id: 'ua',
          kind: 'opcua',
          endpoint: 'opc.tcp://h:4840',
          securityMode: 'SignAndEncrypt',
          securityPolicy: 'None',
        },
      ],
      [station([], { source: 'ua' })],
      'policy None does not fit security mode SignAndEncrypt',
    ],
  ] as const)('refuses %s with one line naming it', (_what, sources, stations, expected) => {
    const text = message([...sources], stations as unknown as FieldStation[]);
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain(expected);
  });

  it('refuses an address for a simulated PV and an address key that names no PV', () => {
    expect(
      message(
        [modbus],
        [{ number: 1, pvs: [{ type: 'AnaIn', number: 1, address: { table: 'input', address: 0 } }] }],
      ),
    ).toContain('PV AnaIn-100001 "AnaIn 1" is simulated; an address needs a field source');
    const doc = fieldPlantDocument([modbus], [station([])]) as { stations: Record<string, unknown>[] };
    doc.stations[0]!.addresses = { 'pump.running': { table: 'coil', address: 0 } };
    expect(() => parsePlantDefinition(doc)).toThrow(
      'stations[0].addresses["pump.running"]: names no PV of this station',
    );
  });

  it('refuses a field source for a dial-up station', () => {
    const doc = fieldPlantDocument([modbus], [station([])]) as { stations: Record<string, unknown>[] };
    doc.stations[0]!.connection = 'dial';
    expect(() => parsePlantDefinition(doc)).toThrow(
      'stations[0].connection: a station on field source "plc" has a permanent connection',
    );
  });
});

describe('the example plants', () => {
  it.each(['field-modbus', 'field-mqtt', 'field-sparkplug', 'field-opcua'])('%s loads', (name) => {
    process.env.LEITWARTE_MQTT_PASSWORD ??= 'example';
    process.env.LEITWARTE_OPCUA_PASSWORD ??= 'example';
    const plant = loadPlantDefinition(
      new URL(`../../../plants/${name}/plant.json`, import.meta.url).pathname,
    );
    expect(plant.sources.sources).toHaveLength(1);
    expect(plant.sources.bindings.size).toBe(plant.pvs.length);
  });
});
