import './test-dom';
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { withAlpha } from './plot-colors';
import { computeLayout, prepareData } from './plot-data';
import {
  HIDDEN_AXIS,
  TIME_AXIS_LABELS,
  applyAxisLooks,
  axisLooks,
  buildPlotOptions,
  dateNames,
  drawnColumns,
  linearIncrements,
  logSplits,
  type PlotOptionsContext,
} from './plot-options';
import type { PlotSeries } from './plot-types';
import { tracedLinePaths } from './traced-paths';
import { freeAxis, plotSeries } from './test-series';

// Ranges by axis group, as the plot keeps them.
const ranges = new Map([
  ['y0', { min: -1, max: 11 }],
  ['y1', { min: 1, max: 1000 }],
]);

function optionsFor(series: PlotSeries[], data: uPlot.AlignedData) {
  const layout = computeLayout(series, data);
  const looks = axisLooks(series, layout);
  const ctx: PlotOptionsContext = {
    width: 640,
    height: 300,
    locale: 'de',
    xRange: () => ({ min: 1000, max: 2000 }),
    yRange: (i) => ranges.get(layout.scaleKeys[i] ?? '') ?? { min: 0, max: 1 },
    axisLook: (i) => looks[i] ?? HIDDEN_AXIS,
  };
  return buildPlotOptions(series, looks, ctx);
}

const strokeOf = (axis: uPlot.Axis | undefined) =>
  typeof axis?.stroke === 'function' ? axis.stroke({} as uPlot, 0) : axis?.stroke;

const seriesOf = (options: uPlot.Options, i: number): uPlot.Series => options.series[i + 1] ?? {};
const fakePlot = (scales: Record<string, { min: number; max: number }>) => ({ scales }) as unknown as uPlot;

describe('axis looks', () => {
  const series = [
    plotSeries('a', { dimension: 'm', color: '#ff0000' }),
    plotSeries('b', { dimension: 'm³/h', color: '#00ff00' }),
    plotSeries('c', { dimension: 'bar', color: '#0000ff' }),
  ];

  it('shows the axis of the first series of each group, sides alternating, the first with the grid', () => {
    const looks = axisLooks(series, computeLayout(series, [[1], [5], [500], [5]]));
    expect(looks.map((l) => l.shown)).toEqual([true, true, false]);
    expect(looks.map((l) => l.side)).toEqual([3, 1, 3]);
    expect(looks.map((l) => l.grid)).toEqual([true, false, true]);
    expect(looks[0]?.label).toBe('m, bar');
    expect(looks.map((l) => l.stroke)).toEqual(['#ff0000', '#00ff00', '#ff0000']);
  });

  it('takes a regrouping into the plot in place and says when axes appear, vanish or move', () => {
    type Axis = { show: boolean; _show?: boolean; side: number; label?: string; grid: { show: boolean } };
    const axes: Axis[] = [{ show: true, side: 2, grid: { show: true } }];
    for (let i = 0; i < 3; i++) axes.push({ show: true, _show: true, side: 3, grid: { show: false } });
    const u = { axes } as unknown as uPlot;
    const together = axisLooks(series, computeLayout(series, [[1], [5], [5], [5]]));
    expect(applyAxisLooks(u, together)).toBe(true);
    expect(axes.slice(1).map((a) => [a.show, a._show])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(axes[1]?.label).toBe('m, m³/h, bar');
    expect(axes[1]?.grid.show).toBe(true);
    expect(applyAxisLooks(u, together)).toBe(false);
    const apart = axisLooks(series, computeLayout(series, [[1], [5], [500], [50_000]]));
    expect(applyAxisLooks(u, apart)).toBe(true);
    expect(axes.slice(1).map((a) => [a.show, a.side, a.label])).toEqual([
      [true, 3, 'm'],
      [true, 1, 'm³/h'],
      [true, 3, 'bar'],
    ]);
    // A label that comes or goes takes room: laid out anew as well.
    const unlabelled = apart.map((look) => ({ ...look, label: null }));
    expect(applyAxisLooks(u, unlabelled)).toBe(true);
    expect(axes[1]?.label).toBeUndefined();
    // The time axis is left alone.
    expect(axes[0]).toEqual({ show: true, side: 2, grid: { show: true } });
  });
});

describe('plot options', () => {
  it('puts time on x in seconds and gives each series a scale and an axis of its own', () => {
    const series = [
      plotSeries('a'),
      plotSeries('b'),
      plotSeries('c', { axis: { ...freeAxis, log: true, logBase: 2 } }),
      plotSeries('d', { axis: { ...freeAxis, reverse: true } }),
    ];
    const options = optionsFor(series, [
      [1, 2],
      [0, 10],
      [0, 10],
      [1, 1000],
      [0, 10],
    ]);
    expect(options.scales?.x?.time).toBe(true);
    expect(Object.keys(options.scales ?? {})).toEqual(['x', 's0', 's1', 's2', 's3']);
    expect(series.map((_s, i) => seriesOf(options, i).scale)).toEqual(['s0', 's1', 's2', 's3']);
    expect(options.scales?.s0).toMatchObject({ distr: 1, dir: 1, auto: false });
    expect(options.scales?.s1).toMatchObject({ distr: 1, dir: 1, auto: false });
    expect(options.scales?.s2).toMatchObject({ distr: 3, log: 2, dir: 1 });
    expect(options.scales?.s3).toMatchObject({ distr: 1, dir: -1 });
    expect(options.axes?.map((a) => a.scale ?? 'x')).toEqual(['x', 's0', 's1', 's2', 's3']);
    // a and b share the first axis (left), c the second (right), d the third (left).
    expect(options.axes?.slice(1).map((a) => a.side)).toEqual([3, 3, 1, 3]);
    expect(options.axes?.slice(1).map((a) => a.show)).toEqual([true, true, true, true]);
    expect(options.legend?.show).toBe(false);
    expect(options.width).toBe(640);
    expect(options.height).toBe(300);
  });

  it('takes scale ranges from the component unless uPlot is given explicit bounds', () => {
    const options = optionsFor([plotSeries('a')], [[1], [5]]);
    const yRange = options.scales?.s0?.range;
    const xRange = options.scales?.x?.range;
    if (typeof yRange !== 'function' || typeof xRange !== 'function')
      throw new Error('range functions expected');
    const u = fakePlot({});
    expect(yRange(u, null as unknown as number, null as unknown as number, 's0')).toEqual([-1, 11]);
    expect(yRange(u, 2, 3, 's0')).toEqual([2, 3]);
    expect(xRange(u, null as unknown as number, null as unknown as number, 'x')).toEqual([1000, 2000]);
  });

  it('draws each view type its own way', () => {
    const kinds = ['Line', 'Bar', 'Area', 'Point', 'StepLine'] as const;
    const series = kinds.map((viewType, i) => plotSeries(`s${i}`, { viewType, color: '#ff000080' }));
    const options = optionsFor(series, [[1], [1], [1], [1], [1], [1]]);
    const [line, bar, area, point, step] = kinds.map((_k, i) => seriesOf(options, i));
    expect(line?.paths).toBe(tracedLinePaths);
    expect(line?.fill).toBeUndefined();
    expect(line?.stroke).toBe('#ff000080');
    expect(typeof bar?.paths).toBe('function');
    expect(bar?.fill).toBe('rgba(255, 0, 0, 0.302)');
    expect(area?.fill).toBe('rgba(255, 0, 0, 0.102)');
    expect(area?.paths).toBeUndefined();
    expect(typeof point?.paths).toBe('function');
    expect((point?.paths as () => null)()).toBeNull();
    expect(point?.points?.show).toBe(true);
    expect(typeof step?.paths).toBe('function');
    expect(step?.paths).not.toBe(bar?.paths);
  });

  it('takes the series colour and visibility', () => {
    const options = optionsFor([plotSeries('a', { color: 'rgb(1, 2, 3)', visible: false })], [[1], [1]]);
    expect(seriesOf(options, 0)).toMatchObject({ stroke: 'rgb(1, 2, 3)', show: false, label: 'Label a' });
  });

  it('labels a value axis with the dimensions of its series and colours it when axes differ', () => {
    const series = [
      plotSeries('a', { dimension: 'm', color: '#ff0000' }),
      plotSeries('b', { dimension: 'm³/h', color: '#00ff00' }),
    ];
    const merged = optionsFor(series, [[1], [5], [5]]);
    expect(merged.axes?.[1]?.label).toBe('m, m³/h');
    expect(strokeOf(merged.axes?.[1])).toBe('#6b7280');
    const apart = optionsFor(series, [[1], [5], [500]]);
    expect(apart.axes?.slice(1).map(strokeOf)).toEqual(['#ff0000', '#00ff00']);
    expect(apart.axes?.slice(1).map((a) => a.label)).toEqual(['m', 'm³/h']);
  });

  it('rounds value labels to 0, 1 or 2 decimals by span, in the language of the user', () => {
    const options = optionsFor([plotSeries('a')], [[1], [5]]);
    const values = options.axes?.[1]?.values;
    if (typeof values !== 'function') throw new Error('values function expected');
    const labels = (min: number, max: number, splits: number[]) =>
      values(fakePlot({ s0: { min, max } }), splits, 1, 0, 0);
    expect(labels(0, 100, [0, 50])).toEqual(['0', '50']);
    expect(labels(0, 5, [0, 2.5])).toEqual(['0,0', '2,5']);
    expect(labels(0, 0.5, [0, 0.25])).toEqual(['0,00', '0,25']);
    expect(labels(0, 5000, [2500])).toEqual(['2.500']);
  });

  it('offers tick steps that the rounding can show', () => {
    expect(linearIncrements(100)[0]).toBe(1);
    expect(linearIncrements(5)[0]).toBe(0.1);
    expect(linearIncrements(0.5)[0]).toBe(0.01);
    expect(linearIncrements(100)).not.toContain(2.5);
  });

  it('ticks a logarithmic axis of an uncommon base at its powers', () => {
    expect(logSplits(3, 1, 100)).toEqual([1, 3, 9, 27, 81]);
    const options = optionsFor(
      [plotSeries('a', { axis: { ...freeAxis, log: true, logBase: 3 } })],
      [
        [1, 2],
        [1, 81],
      ],
    );
    expect(options.scales?.s0).toMatchObject({ distr: 3, log: 10 });
    expect(typeof options.axes?.[1]?.splits).toBe('function');
  });

  it('leaves double-click to the component and zooms time by dragging', () => {
    const options = optionsFor([plotSeries('a')], [[1], [1]]);
    expect(options.cursor?.drag).toMatchObject({ x: true, y: false, setScale: true });
    const dblclick = options.cursor?.bind?.dblclick;
    expect(dblclick?.(fakePlot({}), document.createElement('div'), () => null)).toBeNull();
  });
});

describe('withAlpha', () => {
  it('scales the opacity of hex and rgb colours', () => {
    expect(withAlpha('#ff0000', 0.5)).toBe('rgba(255, 0, 0, 0.502)');
    expect(withAlpha('rgba(10, 20, 30, 0.5)', 0.5)).toBe('rgba(10, 20, 30, 0.25)');
    expect(withAlpha('rgb(10 20 30)', 0.2)).toBe('rgba(10, 20, 30, 0.2)');
    expect(withAlpha('steelblue', 0.2)).toBe('steelblue');
  });
});

describe('logarithmic axis labels', () => {
  it('leaves the ticks uPlot filtered out without text', () => {
    const options = optionsFor(
      [plotSeries('a', { axis: { ...freeAxis, log: true } })],
      [
        [1, 2],
        [1, 1000],
      ],
    );
    const values = options.axes?.[1]?.values;
    if (typeof values !== 'function') throw new Error('values function expected');
    const splits = [1, null, 10, 100] as unknown as number[];
    expect(values(fakePlot({ s0: { min: 1, max: 1000 } }), splits, 1, 0, 0)).toEqual(['1', '', '10', '100']);
  });
});

describe('time axis', () => {
  it('labels time in 24-hour form with day before month and month names of the language', () => {
    const options = optionsFor([plotSeries('a')], [[1], [1]]);
    expect(options.axes?.[0]?.values).toBe(TIME_AXIS_LABELS);
    const fmtDate = options.fmtDate;
    if (!fmtDate) throw new Error('fmtDate expected');
    const date = new Date(2026, 2, 5, 14, 7);
    expect(fmtDate('{D}.{M}. {HH}:{mm}')(date)).toBe('5.3. 14:07');
    expect(fmtDate('{MMM}')(new Date(2026, 9, 1))).toMatch(/^Okt/);
    expect(dateNames('en').MMMM[0]).toBe('January');
    expect(dateNames('de').WWWW[0]).toBe('Sonntag');
  });
});

describe('drawn columns', () => {
  it('connects the points of a series across times only other series have', () => {
    const aligned: uPlot.AlignedData = [
      [1, 2, 3, 4],
      [1, 2, null, 4],
      [null, 20, 30, null],
    ];
    expect(drawnColumns(aligned, aligned)).toStrictEqual([
      [1, 2, 3, 4],
      [1, 2, undefined, 4],
      [undefined, 20, 30, undefined],
    ]);
  });

  it('keeps values without a place on a logarithmic axis as gaps', () => {
    const series = [plotSeries('a', { axis: { ...freeAxis, log: true } }), plotSeries('b')];
    const aligned: uPlot.AlignedData = [
      [1, 2, 3, 4],
      [10, 0, null, 100],
      [null, -5, 3, undefined],
    ];
    expect(drawnColumns(aligned, prepareData(series, aligned))).toStrictEqual([
      [1, 2, 3, 4],
      [10, null, undefined, 100],
      [undefined, -5, 3, undefined],
    ]);
  });

  it('breaks the line at a gap in the data, where the archive was not recording', () => {
    const aligned: uPlot.AlignedData = [
      [1, 2, 3, 4, 5],
      [1, Number.NaN, null, 4, 5],
      [null, 20, 30, null, 50],
    ];
    expect(drawnColumns(aligned, aligned)).toStrictEqual([
      [1, 2, 3, 4, 5],
      [1, null, undefined, 4, 5],
      [undefined, 20, 30, undefined, 50],
    ]);
  });

  it('passes a column without null on unchanged', () => {
    const column = [1, undefined, 3];
    const aligned: uPlot.AlignedData = [[1, 2, 3], column];
    const drawn = drawnColumns(aligned, aligned);
    expect(drawn[0]).toBe(aligned[0]);
    expect(drawn[1]).toBe(column);
  });
});
