import type { ChartColumnsReply, PvRef } from '@leitwarte/core';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { frameBatch } from '../../live/frame-batch';
import { startOpeningRequest, useChartData, type ChartDataFetcher, type DataSeries } from './use-chart-data';

const A: PvRef = { type: 'AnaIn', nr: 1 };
const series: DataSeries[] = [{ key: 'a', pv: A, measurementType: 'Aktuell' }];
const maxima = { maxDaysForArchiveValues: 100, maxMonthsForQuarterHourValues: 12, maxYearsForDayValues: 10 };
// 800 pixels of 1 s each.
const view = { start: 1_000_000, end: 1_800_000 };

function reply(points: [number, number][]): ChartColumnsReply {
  return {
    source: 'MeasurementArchive',
    series: [
      {
        pv: A,
        measurementType: 'Aktuell',
        dimension: 'm',
        seriesId: 1,
        annotations: [],
        t: points.map(([t]) => t),
        v: points.map(([, v]) => v),
      },
    ],
    unauthorizedPvs: [],
  };
}

const render = (fetcher: ChartDataFetcher, opening?: ReturnType<typeof startOpeningRequest>) =>
  renderHook(() =>
    useChartData({
      series,
      view,
      width: 800,
      preset: 'MeasurementArchive',
      maxima,
      fetcher,
      ...(opening ? { opening } : {}),
    }),
  );

describe('useChartData', () => {
  it('gives the points of the view at their own times, for the plot to place at its pixel columns', async () => {
    const fetcher = vi.fn<ChartDataFetcher>(async () =>
      reply([
        [1_001_500, 1],
        [1_001_999, 5],
        [1_002_000, 2],
        [1_002_999, 3],
      ]),
    );
    const { result } = render(fetcher);
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(result.current.points).toEqual([
      { t: [1_001_500, 1_001_999, 1_002_000, 1_002_999], v: [1, 5, 2, 3] },
    ]);
    expect(result.current.series.get('a')?.t).toEqual([1_001_500, 1_001_999, 1_002_000, 1_002_999]);
    expect(result.current.lastPointAt('a')).toBe(1_002_999);
  });

  it('takes over an opening request for the same range, source and level instead of asking again', async () => {
    const early = vi.fn<ChartDataFetcher>(async () => reply([[1_400_000, 7]]));
    const opening = startOpeningRequest({
      series,
      view,
      width: 790,
      preset: 'MeasurementArchive',
      maxima,
      fetcher: early,
    });
    expect(early).toHaveBeenCalledTimes(1);
    const fetcher = vi.fn<ChartDataFetcher>(async () => reply([]));
    const { result } = render(fetcher, opening);
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(fetcher).not.toHaveBeenCalled();
    expect(opening?.taken).toBe(true);
    expect(result.current.points[0]?.v).toEqual([7]);
  });

  it('aborts an opening request that does not fit and asks itself', async () => {
    const early = vi.fn<ChartDataFetcher>(() => new Promise<ChartColumnsReply>(() => undefined));
    // A tenth of the width: another resolution level.
    const opening = startOpeningRequest({
      series,
      view,
      width: 80,
      preset: 'MeasurementArchive',
      maxima,
      fetcher: early,
    });
    const fetcher = vi.fn<ChartDataFetcher>(async () => reply([[1_400_000, 7]]));
    const { result } = render(fetcher, opening);
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]?.[2]).toBe(800);
    expect(opening?.controller.signal.aborted).toBe(true);
  });

  it('starts no opening request without a width', () => {
    const early = vi.fn<ChartDataFetcher>();
    const opening = startOpeningRequest({
      series,
      view,
      width: 0,
      preset: 'MeasurementArchive',
      maxima,
      fetcher: early,
    });
    expect(opening).toBeNull();
    expect(early).not.toHaveBeenCalled();
  });

  it("publishes data of a chart that follows now in the page's frame batch, after a gesture in a transition", async () => {
    const fetcher = vi.fn<ChartDataFetcher>(async (range) => reply([[range.start + 500, 1]]));
    const request = vi.spyOn(frameBatch, 'request');
    const { result, rerender } = renderHook(
      (props: { view: { start: number; end: number }; inFrame: boolean }) =>
        useChartData({ series, width: 800, preset: 'MeasurementArchive', maxima, fetcher, ...props }),
      { initialProps: { view, inFrame: true } },
    );
    // The first data is published at once: nothing is on screen yet.
    await waitFor(() => expect(result.current.state).toBe('done'));
    const before = request.mock.calls.length;

    // Moved by the live clock: the new range's data goes through the frame batch.
    rerender({ view: { start: view.start + 60_000, end: view.end + 60_000 }, inFrame: true });
    await waitFor(() => expect(result.current.lastPointAt('a')).toBeGreaterThan(view.end));
    expect(request.mock.calls.length).toBeGreaterThan(before);

    // Moved by a gesture: a transition, not the frame batch.
    const afterLive = request.mock.calls.length;
    rerender({ view: { start: view.start + 120_000, end: view.end + 120_000 }, inFrame: false });
    await waitFor(() => expect(result.current.lastPointAt('a')).toBeGreaterThan(view.end + 60_000));
    expect(request.mock.calls.length).toBe(afterLive);
    request.mockRestore();
  });
});
