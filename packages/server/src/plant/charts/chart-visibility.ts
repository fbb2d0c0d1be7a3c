import type { ChartDirectory, ChartSeriesConfig, PvRef } from '@leitwarte/core';

/**
 * The series a user sees of a chart: those of PVs the user may read; a chart whose every
 * series is hidden is hidden itself (a chart without any series, just created, stays visible).
 */
export function visibleSeries(
  series: readonly ChartSeriesConfig[],
  canRead: (pv: PvRef) => boolean,
): { visible: boolean; series: ChartSeriesConfig[] } {
  const readable = series.filter((s) => canRead(s.pv));
  return { visible: series.length === 0 || readable.length > 0, series: readable };
}

/**
 * The directory tree without the hidden charts. A directory that held charts or directories and
 * lost them all to the filter is dropped too, so a user scoped to one station sees no shells
 * of other stations' folders; a directory that was empty already stays.
 */
export function filterDirectoryTree(
  tree: readonly ChartDirectory[],
  isVisible: (chartId: number) => boolean,
): ChartDirectory[] {
  const out: ChartDirectory[] = [];
  for (const dir of tree) {
    const childDirectoryList = filterDirectoryTree(dir.childDirectoryList, isVisible);
    const configList = dir.configList.filter((c) => isVisible(c.id));
    const hadContent = dir.childDirectoryList.length > 0 || dir.configList.length > 0;
    if (hadContent && childDirectoryList.length === 0 && configList.length === 0) continue;
    out.push({ ...dir, childDirectoryList, configList });
  }
  return out;
}

/** Every chart id in a directory tree. */
export function chartIdsOf(tree: readonly ChartDirectory[]): number[] {
  return tree.flatMap((d) => [...d.configList.map((c) => c.id), ...chartIdsOf(d.childDirectoryList)]);
}
