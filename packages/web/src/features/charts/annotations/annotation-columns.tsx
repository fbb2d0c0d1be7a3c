import { pvKey, type Annotation, type PvConfig } from '@leitwarte/core';
import type { TFunction } from 'i18next';
import type { DataListColumn } from '../../../ui/data-list';
import { pvLabel } from './plant-pvs';

const REPORTS = [
  ['showInDayReport', 'day'],
  ['showInWeekReport', 'week'],
  ['showInMonthReport', 'month'],
  ['showInYearReport', 'year'],
] as const;

/** The columns of the annotation overview: when, on which PV, what, and where it is shown. */
export function annotationColumns(
  t: TFunction,
  formatTime: (ms: number) => string,
  pvConfigs: ReadonlyMap<string, PvConfig>,
): DataListColumn<Annotation>[] {
  const yes = t('charts.annotations.yes');
  const no = t('charts.annotations.no');
  const flag = (on: boolean) => (on ? yes : no);
  const pv = (a: Annotation) => pvLabel(pvConfigs.get(pvKey(a.pv)), a.pv);
  return [
    {
      id: 'timestamp',
      label: t('charts.annotations.fields.time'),
      width: 180,
      value: (a) => a.timestamp,
      render: (a) => formatTime(a.timestamp),
      exportValue: (a) => formatTime(a.timestamp),
      sortable: true,
    },
    { id: 'pv', label: t('charts.annotations.fields.pv'), minWidth: 220, value: pv, sortable: true },
    {
      id: 'text',
      label: t('charts.annotations.fields.text'),
      minWidth: 260,
      value: (a) => a.text,
      sortable: true,
    },
    {
      id: 'visible',
      label: t('charts.annotations.fields.visible'),
      width: 90,
      value: (a) => flag(a.visible),
      sortable: true,
    },
    ...REPORTS.map(([field, id]): DataListColumn<Annotation> => ({
      id,
      label: t(`charts.annotations.reports.${id}`),
      width: 120,
      value: (a) => flag(a[field]),
      sortable: true,
    })),
  ];
}

/** Text search of the overview: text and PV, case-insensitive with whitespace collapsed (screens §5). */
export function matchesSearch(search: string, texts: readonly string[]): boolean {
  const normal = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  const wanted = normal(search);
  return wanted === '' || texts.some((text) => normal(text).includes(wanted));
}
