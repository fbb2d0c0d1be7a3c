import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPlant } from '../../test-support/field-plant.js';
import { freePort, waitFor } from '../../test-support/peers/free-port.js';
import { startModbusPeer, type ModbusPeer } from '../../test-support/peers/modbus-peer.js';
import { numberOf, startSources, type SourceHarness } from '../../test-support/source-harness.js';

/** The registers of a float64 as Node writes it (an independent encoder), big-endian words. */
function float64Words(value: number): number[] {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return [0, 2, 4, 6].map((i) => b.readUInt16BE(i));
}

const PVS = [
  { type: 'AnaIn', number: 1, address: { table: 'input', address: 0, type: 'int16' } },
  { type: 'AnaIn', number: 2, address: { table: 'input', address: 1, type: 'uint16' } },
  { type: 'AnaIn', number: 3, address: { table: 'input', address: 2, type: 'int32' } },
  { type: 'AnaIn', number: 4, address: { table: 'input', address: 4, type: 'uint32', wordOrder: 'little' } },
  { type: 'AnaIn', number: 5, address: { table: 'input', address: 6, type: 'float32' } },
  {
    type: 'AnaIn',
    number: 6,
    address: { table: 'input', address: 8, type: 'float32', byteOrder: 'little', wordOrder: 'little' },
  },
  { type: 'AnaIn', number: 7, address: { table: 'input', address: 10, type: 'float64' } },
  {
    type: 'AnaIn',
    number: 8,
    address: { table: 'input', address: 14, type: 'float64', wordOrder: 'little' },
  },
  {
    type: 'AnaIn',
    number: 9,
    address: { table: 'input', address: 18, scale: { raw: [0, 27648], value: [0, 10] } },
  },
  {
    type: 'AnaIn',
    number: 10,
    address: { table: 'input', address: 19, type: 'uint16', factor: 0.1, offset: -50 },
  },
  { type: 'DigiIn', number: 1, address: { table: 'discrete', address: 0 } },
  { type: 'DigiIn', number: 2, address: { table: 'input', address: 20, type: 'uint16', bit: 3 } },
  {
    type: 'DigiIn',
    number: 3,
    valueType: 'FailureStateValue',
    address: { table: 'input', address: 21, type: 'uint16' },
  },
  { type: 'ZaehlWert', nr: 1001, resetable: false, address: { table: 'input', address: 22, type: 'uint32' } },
  { type: 'AnaOut', number: 1, min: 0, max: 100, address: { table: 'holding', address: 0, type: 'float32' } },
  { type: 'AnaOut', number: 2, address: { table: 'holding', address: 2, factor: 0.1 } },
  { type: 'DigiOut', number: 1, address: { table: 'coil', address: 0 } },
  { type: 'DigiOut', number: 2, address: { table: 'holding', address: 3, type: 'uint16', bit: 5 } },
  {
    type: 'AnaOut',
    number: 3,
    valueType: 'TimeOfDayValue',
    address: { table: 'holding', address: 4, type: 'uint16' },
  },
  { type: 'AnaOut', number: 4, address: { table: 'holding', address: 150 } },
];

const WORDS: [number, number[]][] = [
  [0, [0xfb2e]],
  [1, [65000]],
  [2, [0xfffe, 0x7960]],
  [4, [0x5e00, 0xb2d0]],
  [6, [0x4050, 0x0000]],
  [8, [0x0000, 0x4841]],
  [10, float64Words(1234.5678)],
  [14, [...float64Words(-0.125)].reverse()],
  [18, [13824]],
  [19, [600]],
  [20, [0b1000]],
  [21, [1]],
  [22, [0x0001, 0xe240]],
];

async function fillPeer(peer: ModbusPeer) {
  for (const [address, words] of WORDS) await peer.set('input', address, words);
  await peer.set('discrete', 0, [true]);
  await peer.set('holding', 3, [0b1]);
}

describe('Modbus TCP source against a pymodbus device', { timeout: 120_000 }, () => {
  let peer: ModbusPeer;
  let sources: SourceHarness;
  const key = (type: string, nr: number) => `${type}-${type === 'ZaehlWert' ? nr : 100000 + nr}`;

  beforeAll(async () => {
    peer = await startModbusPeer({
      tables: {
        input: { count: 100 },
        holding: { count: 100 },
        coil: { count: 16 },
        discrete: { count: 16 },
      },
    });
    await fillPeer(peer);
    const plant = fieldPlant(
      [
        {
          id: 'plc',
          kind: 'modbus',
          host: '127.0.0.1',
          port: peer.port,
          pollMs: 200,
          timeoutMs: 1000,
          writeTimeoutMs: 3000,
          reconnect: { initialMs: 200, maxMs: 1000 },
        },
      ],
      [{ number: 1, source: 'plc', pvs: PVS }],
    );
    sources = await startSources(plant);
  });
  afterAll(async () => {
    await sources?.close();
    await peer?.stop();
  });

  it('reads every data type with its byte and word order, scaling and bits', async () => {
    await sources.waitValue(key('ZaehlWert', 1001), (v) => v.quality === 'Good');
    const expected: [string, number, number | boolean][] = [
      ['AnaIn', 1, -1234],
      ['AnaIn', 2, 65000],
      ['AnaIn', 3, -100000],
      ['AnaIn', 4, 3_000_000_000],
      ['AnaIn', 5, 3.25],
      ['AnaIn', 6, 12.5],
      ['AnaIn', 7, 1234.5678],
      ['AnaIn', 8, -0.125],
      ['DigiIn', 1, true],
      ['DigiIn', 2, true],
      ['DigiIn', 3, 1],
      ['ZaehlWert', 1001, 123456],
    ];
    for (const [type, nr, value] of expected)
      expect(numberOf(sources.latest(key(type, nr))), `${type} ${nr}`).toBe(value);
    expect(numberOf(sources.latest(key('AnaIn', 9)))).toBeCloseTo(5, 9);
    expect(numberOf(sources.latest(key('AnaIn', 10)))).toBeCloseTo(10, 9);
    expect(sources.station(1)?.dialState).toBe('Connected');
    expect(sources.field.status().state).toBe('Connected');
  });

  it('shows a value changed at the device', async () => {
    await peer.set('input', 0, [42]);
    await sources.waitValue(key('AnaIn', 1), (v) => numberOf(v) === 42);
  });

  it('writes registers, coils, bits and times of day and confirms them by reading back', async () => {
    const pv = (type: 'AnaOut' | 'DigiOut', nr: number) => ({ type, nr: 100000 + nr });
    const base = { quality: 'Good' as const, timestamp: Date.now() };
    await sources.source.write([
      {
        ref: pv('AnaOut', 1),
        value: { ...base, pvRef: pv('AnaOut', 1), type: 'DoubleValue', doubleValue: 7.5 },
      },
    ]);
    expect(await peer.get('holding', 0, 2)).toEqual([0x40f0, 0x0000]);
    expect(numberOf(sources.latest(key('AnaOut', 1)))).toBe(7.5);

    await sources.source.write([
      {
        ref: pv('AnaOut', 2),
        value: { ...base, pvRef: pv('AnaOut', 2), type: 'DoubleValue', doubleValue: 4.2 },
      },
    ]);
    expect(await peer.get('holding', 2)).toEqual([42]);

    await sources.source.write([
      {
        ref: pv('DigiOut', 1),
        value: { ...base, pvRef: pv('DigiOut', 1), type: 'BoolValue', boolValue: true },
      },
      {
        ref: pv('DigiOut', 2),
        value: { ...base, pvRef: pv('DigiOut', 2), type: 'BoolValue', boolValue: true },
      },
    ]);
    expect(await peer.get('coil', 0)).toEqual([true]);
    // Bit 5 set, the register's other bits as they were.
    expect(await peer.get('holding', 3)).toEqual([0b100001]);

    const time = {
      ...base,
      pvRef: pv('AnaOut', 3),
      type: 'TimeOfDayValue' as const,
      timeOfDayValue: { hour: 7, minutes: 30 },
    };
    await sources.source.write([{ ref: pv('AnaOut', 3), value: time }]);
    expect(await peer.get('holding', 4)).toEqual([7 * 256 + 30]);
    expect(sources.field.status().counters.writes).toBe(5);
  });

  it('reports a write the device refuses as not done', async () => {
    const ref = { type: 'AnaOut' as const, nr: 100004 };
    const write = sources.source.write([
      {
        ref,
        value: { pvRef: ref, quality: 'Good', timestamp: Date.now(), type: 'DoubleValue', doubleValue: 1 },
      },
    ]);
    await expect(write).rejects.toThrow(/AnaOut-100004/);
  });

  it('turns the PVs Bad and the station lost when the device stops, and recovers when it is back', async () => {
    await peer.stop();
    await sources.waitValue(key('AnaIn', 5), (v) => v.quality === 'Bad');
    await sources.waitStation(1, 'ConnectionError');
    expect(sources.field.status().state).toBe('Disconnected');
    // Every PV that had a value is Bad; the one the device never had (holding 150) has none.
    expect(sources.field.status()).toMatchObject({ badPvs: PVS.length - 1, noValuePvs: 1 });
    await peer.start();
    await fillPeer(peer);
    await sources.waitValue(key('AnaIn', 5), (v) => v.quality === 'Good' && numberOf(v) === 3.25);
    await sources.waitStation(1, 'Connected');
    expect(sources.field.status().counters.reconnects).toBeGreaterThanOrEqual(1);
    expect(sources.station(1)?.dialCounters.dayCounter).toBeGreaterThanOrEqual(2);
  });
});

describe('Modbus TCP source without its device', { timeout: 120_000 }, () => {
  it('an unreachable device leaves the PVs Bad with the reason', async () => {
    const port = await freePort();
    const sources = await startSources(
      fieldPlant(
        [
          {
            id: 'gone',
            kind: 'modbus',
            host: '127.0.0.1',
            port,
            timeoutMs: 500,
            reconnect: { initialMs: 200, maxMs: 400 },
          },
        ],
        [
          {
            number: 2,
            source: 'gone',
            pvs: [{ type: 'AnaIn', number: 1, address: { table: 'holding', address: 0 } }],
          },
        ],
      ),
    );
    try {
      await sources.waitStation(2, 'ConnectionError');
      // Never read: no value at all (not a made-up one marked Bad).
      expect(sources.latest('AnaIn-200001')).toBeUndefined();
      expect(sources.field.status()).toMatchObject({ state: 'Disconnected', noValuePvs: 1, badPvs: 0 });
      await waitFor('a second attempt', () => sources.field.status().counters.errors >= 2);
      expect(sources.field.status().lastError?.message).toMatch(/ECONNREFUSED/);
    } finally {
      await sources.close();
    }
  });

  it('a device that accepts but never answers times out and is tried again', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as net.AddressInfo).port;
    const sources = await startSources(
      fieldPlant(
        [
          {
            id: 'mute',
            kind: 'modbus',
            host: '127.0.0.1',
            port,
            timeoutMs: 300,
            reconnect: { initialMs: 200, maxMs: 400 },
          },
        ],
        [
          {
            number: 3,
            source: 'mute',
            pvs: [{ type: 'AnaIn', number: 1, address: { table: 'holding', address: 0 } }],
          },
        ],
      ),
    );
    try {
      await sources.waitStation(3, 'ConnectionError');
      await waitFor('the line given up', () =>
        sources.field.status().lastError?.message.includes('Timed out'),
      );
      expect(sources.field.status().state).toBe('Disconnected');
    } finally {
      await sources.close();
      silent.close();
    }
  });

  it('reads a map with gaps the device does not have, block by block', async () => {
    const peer = await startModbusPeer({ tables: { input: { addresses: [0, 1, 10, 11] } } });
    await peer.set('input', 0, [1, 2]);
    await peer.set('input', 10, [3, 4]);
    const pvs = [0, 1, 10, 11].map((a, i) => ({
      type: 'AnaIn',
      number: i + 1,
      address: { table: 'input', address: a },
    }));
    const sources = await startSources(
      fieldPlant(
        [{ id: 'sparse', kind: 'modbus', host: '127.0.0.1', port: peer.port, pollMs: 200, maxGap: 16 }],
        [{ number: 4, source: 'sparse', pvs }],
      ),
    );
    try {
      for (const [i, v] of [1, 2, 3, 4].entries())
        await sources.waitValue(`AnaIn-40000${i + 1}`, (x) => numberOf(x) === v);
      expect(sources.field.status().state).toBe('Connected');
    } finally {
      await sources.close();
      await peer.stop();
    }
  });
});
