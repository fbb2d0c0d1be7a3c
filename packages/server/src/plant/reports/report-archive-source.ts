import {
  localDateTimeOf,
  startOfLocalDay,
  type PvRef,
  type ReportRange,
  type ReportValueType,
} from '@leitwarte/core';
import type { ReportCell } from '../history/index.js';
import type { ReportValueSource, ValueInterval } from './report-value-source.js';

/** What the report source needs of the historian: report cells from its rollups. */
export interface ReportArchive {
  reportData(pvs: readonly PvRef[], range: ReportRange): Promise<Map<string, ReportCell[]>>;
}

const HOUR = 3_600_000;

/**
 * The value of a report cell from the historian's rollup cell, with the meaning the live source
 * gives it (core `reportValue`): Aktuell the last value, Mittelwert/Minwert/Maxwert from the
 * rollups. A meter's Summe and Differenz are its advance from the previous row's last reading
 * (a reset counts from 0), so no consumption between two rows is lost; Differenz of other
 * values is last − first of the row, Summe of rates the mean times the hours.
 */
export function archiveReportValue(
  cell: ReportCell | undefined,
  type: ReportValueType,
  options: { counter: boolean; hours: number },
): number | null {
  if (!cell || cell.last === null) return null;
  switch (type) {
    case 'Aktuell':
      return cell.last;
    case 'Mittelwert':
      return cell.mean;
    case 'Minwert':
      return cell.min;
    case 'Maxwert':
      return cell.max;
    case 'Differenz':
      if (options.counter) return cell.difference;
      return cell.first === null ? null : cell.last - cell.first;
    case 'Summe':
      if (options.counter) return cell.difference;
      return cell.mean === null ? null : cell.mean * options.hours;
  }
}

/**
 * Report values from the historian's rollups, with today's running rows from the live values:
 * a row that starts at or after local midnight of today is answered by the live source (it
 * follows every value as it comes), a finished one of them the live source did not see from the
 * archive; every earlier row — past days, weeks, months, and the
 * running month of a year report, which began before today — comes from the rollups, which
 * the historian keeps up to date with the live values it archives.
 */
export function createArchiveReportValueSource(deps: {
  archive: ReportArchive;
  live: ReportValueSource;
  timeZone: string;
  isCounter: (pv: PvRef) => boolean;
  now?: () => number;
}): ReportValueSource {
  const now = deps.now ?? Date.now;
  const startOfToday = () => {
    const l = localDateTimeOf(now(), deps.timeZone);
    return startOfLocalDay({ year: l.year, month: l.month, day: l.day }, deps.timeZone);
  };
  return {
    async valuesFor(pvRef, intervals, valueType) {
      const today = startOfToday();
      const archived: { index: number; interval: ValueInterval }[] = [];
      const live: { index: number; interval: ValueInterval }[] = [];
      intervals.forEach((interval, index) =>
        (interval.from >= today ? live : archived).push({ index, interval }),
      );
      const out: (number | null)[] = intervals.map(() => null);
      if (live.length > 0) {
        const values = await deps.live.valuesFor(
          pvRef,
          live.map((l) => l.interval),
          valueType,
        );
        live.forEach((l, i) => (out[l.index] = values[i] ?? null));
        // Rows of today the live values did not see (the server started later in the day) come
        // from the archive, which holds what was recorded before, e.g. the simulated first days.
        for (const l of live) if (out[l.index] === null && l.interval.to <= now()) archived.push(l);
        archived.sort((a, b) => a.index - b.index);
      }
      const first = archived[0];
      const last = archived[archived.length - 1];
      if (first && last) {
        const range: ReportRange = {
          from: first.interval.from,
          to: last.interval.to,
          intervals: archived.map((a) => ({ ...a.interval, label: '' })),
        };
        const cells = [...(await deps.archive.reportData([pvRef], range)).values()][0] ?? [];
        const counter = deps.isCounter(pvRef);
        archived.forEach((a, i) => {
          const hours = (a.interval.to - a.interval.from) / HOUR;
          out[a.index] = archiveReportValue(cells[i], valueType, { counter, hours });
        });
      }
      return out;
    },
  };
}
