import { describe, expect, it } from 'vitest';
import type { ChartDataReply } from './charts-data.js';
import {
  chartColumnsOf,
  decodeChartColumns,
  encodeChartColumns,
  type ChartSeriesPoints,
} from './chart-columns.js';

const series = (nr: number, points: [number, number][], dimension = 'm'): ChartSeriesPoints => ({
  seriesId: nr,
  pv: { type: 'AnaIn', nr },
  measurementType: 'Aktuell',
  dimension,
  points: points.map(([t, v]) => ({ t, v })),
  annotations: [{ id: nr, text: 'Spülung' }],
});

/** The ArrayBuffer a browser's response.arrayBuffer() would give. */
const bufferOf = (bytes: Uint8Array) => bytes.slice().buffer;

describe('chart data as columns', () => {
  it('gives back every series with its fields and exactly its times and values', () => {
    const list = [
      series(1, [
        [1_700_000_000_000, 1.5],
        [1_700_000_060_000, -0.1],
        [1_700_000_060_000, 1e-300],
        [1_700_000_120_000, Number.MAX_VALUE],
      ]),
      series(2, []),
      // An odd header length: the columns start at the next multiple of 8.
      series(3, [[0, 0.30000000000000004]], 'm³/h ä'),
    ];
    const reply = decodeChartColumns(
      bufferOf(encodeChartColumns('MeasurementArchive', list, [{ type: 'DigiIn', nr: 5 }])),
    );
    expect(reply.source).toBe('MeasurementArchive');
    expect(reply.unauthorizedPvs).toEqual([{ type: 'DigiIn', nr: 5 }]);
    expect(reply.series).toEqual(
      list.map(({ points, ...fields }) => ({
        ...fields,
        t: points.map((p) => p.t),
        v: points.map((p) => p.v),
      })),
    );
  });

  it('reads the same as the JSON reply of calls §7', () => {
    const json: ChartDataReply = {
      source: 'QuarterHourValues',
      series: [
        {
          seriesId: 7,
          pv: { type: 'AnaIn', nr: 100001 },
          measurementType: 'Maxwert',
          dimension: 'm',
          dataPoints: [
            { timestamp: 900_000, value: 2.25 },
            { timestamp: 1_800_000, value: 2.5 },
          ],
          annotations: [],
        },
      ],
      unauthorizedPvs: [],
    };
    const { dataPoints, ...fields } = json.series[0]!;
    const bytes = encodeChartColumns(
      json.source,
      [{ ...fields, points: dataPoints.map((p) => ({ t: p.timestamp, v: p.value ?? Number.NaN })) }],
      [],
    );
    expect(decodeChartColumns(bufferOf(bytes))).toEqual(chartColumnsOf(json));
    expect(bytes.byteLength % 8).toBe(0);
  });

  it('refuses a reply cut short or carrying more than it says', () => {
    const bytes = encodeChartColumns(
      'MeasurementArchive',
      [
        series(1, [
          [1, 2],
          [3, 4],
        ]),
      ],
      [],
    );
    expect(() => decodeChartColumns(bufferOf(bytes.subarray(0, bytes.byteLength - 8)))).toThrow(
      /not as long as it declares/,
    );
    expect(() => decodeChartColumns(bufferOf(bytes.subarray(0, 3)))).toThrow(/not as long as it declares/);
    const longer = new Uint8Array(bytes.byteLength + 8);
    longer.set(bytes);
    expect(() => decodeChartColumns(longer.buffer)).toThrow(/not as long as it declares/);
  });
});
