import {
  colorToCss,
  defaultSeriesFields,
  paletteColor,
  type LimitConfig,
  type PvConfig,
} from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { buildLimitLines, buildPlotSeries, seriesKeys, wantsLimitLines } from './plot-series';

const pvConfig = (nr: number, name: string): PvConfig => ({
  pvRef: { type: 'AnaIn', nr },
  name,
  eksNr: `EKS-${nr}`,
  dimension: 'm',
  subtype: 'Füllstand',
  valueType: 'DoubleValue',
  alertInputConfig: null,
  domainConfig: null,
  digiDisplayConfig: null,
});
const limit = (
  nr: number,
  limitType: LimitConfig['pvLimitRef']['limitType'],
  value: number,
  notSet = false,
): LimitConfig => ({
  pvLimitRef: { pv: { type: 'AnaIn', nr }, limitType },
  limit: value,
  priority: 1,
  delayTime: 0,
  description: `${limitType} ${nr}`,
  message: '',
  notSet,
});

describe('plot series', () => {
  const a = { type: 'AnaIn' as const, nr: 100001 };
  const b = { type: 'AnaIn' as const, nr: 100002 };
  const configs = new Map([
    ['AnaIn-100001', pvConfig(100001, 'Hochbehälter Nord')],
    ['AnaIn-100002', pvConfig(100002, 'Hochbehälter Süd')],
  ]);

  it('keys are the PV keys, a repeated PV gets its position', () => {
    expect(seriesKeys([a, b, a])).toEqual(['AnaIn-100001', 'AnaIn-100002', 'AnaIn-100001/2']);
  });

  it('takes palette colour by index, PV name and dimension unless the series sets its own, EKS on request', () => {
    const series = [
      defaultSeriesFields(a, 0),
      {
        ...defaultSeriesFields(b, 1),
        color: '#ff000080',
        legendText: 'Süd',
        dimension: 'cm',
        showEksInLegend: true,
        yminOrNoneCase: 'Set' as const,
        axisYMin: 2,
        axisYIsLogarithmic: true,
        axisYReverse: true,
      },
    ];
    const plot = buildPlotSeries(series, seriesKeys([a, b]), configs, new Set(['AnaIn-100002']));
    expect(plot[0]).toMatchObject({
      key: 'AnaIn-100001',
      label: 'Hochbehälter Nord',
      dimension: 'm',
      eks: null,
      color: colorToCss(paletteColor(0)),
      viewType: 'Line',
      visible: true,
    });
    expect(plot[1]).toMatchObject({
      label: 'Süd',
      dimension: 'cm',
      eks: 'EKS-100002',
      color: 'rgba(255, 0, 0, 0.502)',
      visible: false,
      axis: {
        min: { case: 'Set', value: 2 },
        max: { case: 'None', value: null },
        log: true,
        logBase: 10,
        reverse: true,
      },
    });
    // Without a PV config the key stands in for the name.
    expect(
      buildPlotSeries([defaultSeriesFields({ type: 'AnaIn', nr: 7 }, 2)], ['AnaIn-7'], configs, new Set())[0],
    ).toMatchObject({ label: 'AnaIn-7', color: colorToCss(paletteColor(0)) });
  });

  it('draws the limit lines whose flags are set, at limits that are set, with the series text or the description', () => {
    const series = [
      { ...defaultSeriesFields(a, 0), showLimitTop: true, limitTextTop: 'Überlauf', showLimitBottom: true },
      { ...defaultSeriesFields(b, 1), showLimitBottomMiddle: true },
      defaultSeriesFields(a, 2),
    ];
    expect(wantsLimitLines(series)).toBe(true);
    expect(wantsLimitLines([defaultSeriesFields(a, 0)])).toBe(false);
    const lines = buildLimitLines(series, seriesKeys([a, b, a]), [
      limit(100001, 'Top', 9.5),
      limit(100001, 'Bottom', 0.5),
      limit(100001, 'TopMiddle', 8),
      limit(100002, 'BottomMiddle', 1, true),
    ]);
    expect(lines).toEqual([
      { seriesKey: 'AnaIn-100001', kind: 'Bottom', value: 0.5, text: 'Bottom 100001' },
      { seriesKey: 'AnaIn-100001', kind: 'Top', value: 9.5, text: 'Überlauf' },
    ]);
  });
});
