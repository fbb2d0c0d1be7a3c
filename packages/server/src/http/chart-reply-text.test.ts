import type { ChartDataReply } from '@leitwarte/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartReplyText, type ChartReplySeries } from './chart-reply-text.js';

// The reply text is written without JSON.stringify of the whole reply: it must be that text.

const point = fc.record({
  t: fc.integer({ min: 0, max: 2 ** 45 }),
  v: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
});
const pv = fc.record({ type: fc.constantFrom('AnaIn', 'DigiIn', 'RechenWert' as const), nr: fc.integer() });
const series = fc.record({
  seriesId: fc.integer(),
  pv,
  measurementType: fc.constantFrom('Aktuell', 'Mittelwert', 'Minwert', 'Maxwert' as const),
  dimension: fc.string({ unit: 'grapheme' }),
  points: fc.array(point, { maxLength: 20 }),
  annotations: fc.array(fc.record({ id: fc.integer(), text: fc.string({ unit: 'grapheme' }) }), {
    maxLength: 2,
  }),
  written: fc.boolean(),
});

describe('chart reply text', () => {
  it('is JSON.stringify of the reply, with or without points written as JSON before', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(series, { maxLength: 4 }),
        fc.array(pv, { maxLength: 2 }),
        (source, list, unauthorizedPvs) => {
          const reply: ChartDataReply = {
            source,
            series: list.map((s) => ({
              seriesId: s.seriesId,
              pv: s.pv,
              measurementType: s.measurementType,
              dimension: s.dimension,
              dataPoints: s.points.map((p) => ({ timestamp: p.t, value: p.v })),
              annotations: s.annotations,
            })),
            unauthorizedPvs,
          };
          const given: ChartReplySeries[] = list.map((s, i) => ({
            seriesId: s.seriesId,
            pv: s.pv,
            measurementType: s.measurementType,
            dimension: s.dimension,
            points: s.points,
            pointsJson: s.written ? JSON.stringify(reply.series[i]?.dataPoints) : undefined,
            annotations: s.annotations,
          }));
          expect(chartReplyText(source, given, unauthorizedPvs)).toBe(JSON.stringify(reply));
        },
      ),
    );
  });

  it('takes the points as written before instead of writing them again', () => {
    const text = chartReplyText(
      'MeasurementArchive',
      [
        {
          seriesId: 1,
          pv: { type: 'AnaIn', nr: 1 },
          measurementType: 'Aktuell',
          dimension: 'm',
          points: [{ t: 1, v: 2 }],
          pointsJson: '[{"timestamp":1,"value":2.5}]',
          annotations: [],
        },
      ],
      [],
    );
    expect(JSON.parse(text).series[0].dataPoints).toEqual([{ timestamp: 1, value: 2.5 }]);
  });
});
