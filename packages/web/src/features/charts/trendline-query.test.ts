import { describe, expect, it } from 'vitest';
import { parseTrendlineQuery } from './trendline-query';

const q = (text: string) => new URLSearchParams(text);

describe('trend line address', () => {
  it('reads repeated pv parameters, drops duplicates, and spans one hour live', () => {
    expect(parseTrendlineQuery(q('pv=AnaIn-100001&pv=ZaehlWert-1060&pv=AnaIn-100001'), 'realtime')).toEqual({
      ok: true,
      request: {
        pvs: [
          { type: 'AnaIn', nr: 100001 },
          { type: 'ZaehlWert', nr: 1060 },
        ],
        amount: 1,
        unit: 'Hours',
      },
    });
  });

  it('takes amount and unit for the archive trend line, Days and 1 by default', () => {
    const week = parseTrendlineQuery(q('pv=AnaIn-100001&amount=7&unit=Days'), 'archive');
    expect(week.ok && week.request).toMatchObject({ amount: 7, unit: 'Days' });
    const plain = parseTrendlineQuery(q('pv=AnaIn-100001'), 'archive');
    expect(plain.ok && plain.request).toMatchObject({ amount: 1, unit: 'Days' });
    const months = parseTrendlineQuery(q('pv=AnaIn-100001&amount=2&unit=months'), 'archive');
    expect(months.ok && months.request).toMatchObject({ amount: 2, unit: 'Months' });
  });

  it('names what is wrong', () => {
    expect(parseTrendlineQuery(q(''), 'realtime')).toEqual({ ok: false, problem: { kind: 'noPv' } });
    expect(parseTrendlineQuery(q('pv=Pumpe-1&pv=AnaIn-100001&pv=AnaIn-x'), 'realtime')).toEqual({
      ok: false,
      problem: { kind: 'invalidPv', values: ['Pumpe-1', 'AnaIn-x'] },
    });
    expect(parseTrendlineQuery(q('pv=AnaIn-1&amount=0'), 'archive')).toEqual({
      ok: false,
      problem: { kind: 'invalidAmount', value: '0' },
    });
    expect(parseTrendlineQuery(q('pv=AnaIn-1&amount=1.5'), 'archive')).toMatchObject({ ok: false });
    for (const unit of ['Second', 'Unspecified', 'Custom', 'Fortnights']) {
      expect(parseTrendlineQuery(q(`pv=AnaIn-1&unit=${unit}`), 'archive')).toEqual({
        ok: false,
        problem: { kind: 'invalidUnit', value: unit },
      });
    }
    const many = Array.from({ length: 33 }, (_, i) => `pv=AnaIn-${100001 + i}`).join('&');
    expect(parseTrendlineQuery(q(many), 'realtime')).toEqual({
      ok: false,
      problem: { kind: 'tooManyPvs', count: 33, max: 32 },
    });
  });
});
