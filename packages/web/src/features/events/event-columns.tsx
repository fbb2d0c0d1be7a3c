import type { ControlEvent, FieldValue } from '@leitwarte/core';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataListColumn, FilterField } from '../../ui/data-list';
import type { PvLabel } from '../../lib/use-pv-labels';
import { cachedEventKindText } from './event-kind';
import { readableChange, readableObject, readableValue } from './event-values';

/** What the columns need besides the events: station and PV names. */
export interface EventLookups {
  stationNames: ReadonlyMap<number, string>;
  pvLabels: ReadonlyMap<string, PvLabel>;
}

/** How the filter reads an event's fields (time in ms, texts as stored). */
export function eventFieldReaders(
  t: TFunction,
  { pvLabels }: EventLookups,
): Record<string, (event: ControlEvent) => FieldValue> {
  const kindText = cachedEventKindText(t);
  return {
    at: (e) => e.at,
    origin: (e) => e.origin,
    kind: kindText,
    username: (e) => e.username,
    station: (e) => e.station,
    object: (e) => readableObject(e.object, t, pvLabels),
    oldValue: (e) => readableValue(e.oldValue, t),
    newValue: (e) => readableValue(e.newValue, t),
    text: (e) => e.text,
  };
}

/** The fields of the event filter. */
export function eventFilterFields(t: TFunction): FilterField[] {
  return [
    { id: 'at', label: t('events.columns.time'), type: 'date' },
    {
      id: 'origin',
      label: t('events.columns.origin'),
      type: 'choice',
      choices: (['audit', 'system'] as const).map((o) => ({ value: o, label: t(`events.origin.${o}`) })),
    },
    { id: 'kind', label: t('events.columns.kind'), type: 'text' },
    { id: 'username', label: t('events.columns.username'), type: 'text' },
    { id: 'station', label: t('events.columns.station'), type: 'number' },
    { id: 'object', label: t('events.columns.object'), type: 'text' },
    { id: 'oldValue', label: t('events.columns.oldValue'), type: 'text' },
    { id: 'newValue', label: t('events.columns.newValue'), type: 'text' },
    { id: 'text', label: t('events.columns.text'), type: 'text' },
  ];
}

/** The columns of the control-event list: when, who, what, on which object, from what to what. */
export function eventColumns(
  t: TFunction,
  formatTime: (ms: number) => string,
  { stationNames, pvLabels }: EventLookups,
): DataListColumn<ControlEvent>[] {
  const origins = { audit: t('events.origin.audit'), system: t('events.origin.system') };
  const station = (e: ControlEvent) =>
    e.station === null ? null : (stationNames.get(e.station) ?? String(e.station));
  const change = (e: ControlEvent) => readableChange(e.oldValue, e.newValue, t);
  const origin = (e: ControlEvent) => origins[e.origin];
  const kindText = cachedEventKindText(t);
  return [
    {
      id: 'at',
      label: t('events.columns.time'),
      width: 158,
      value: (e) => e.at,
      render: (e) => formatTime(e.at),
      exportValue: (e) => formatTime(e.at),
      sortable: true,
    },
    {
      id: 'origin',
      label: t('events.columns.origin'),
      width: 150,
      value: origin,
      render: (e) => (
        <Badge variant="light" color={e.origin === 'audit' ? 'blue' : 'gray'}>
          {origin(e)}
        </Badge>
      ),
      sortable: true,
    },
    {
      id: 'kind',
      label: t('events.columns.kind'),
      minWidth: 180,
      value: kindText,
      sortable: true,
    },
    {
      id: 'username',
      label: t('events.columns.username'),
      width: 110,
      value: (e) => e.username,
      sortable: true,
    },
    { id: 'station', label: t('events.columns.station'), width: 120, value: station, sortable: true },
    {
      id: 'object',
      label: t('events.columns.object'),
      minWidth: 150,
      value: (e) => readableObject(e.object, t, pvLabels),
      sortable: true,
    },
    {
      id: 'change',
      label: t('events.columns.change'),
      minWidth: 140,
      value: change,
      // The whole change on hover: a user's settings do not fit a column.
      render: (e) => <span title={change(e)}>{change(e)}</span>,
      sortable: true,
    },
    {
      id: 'oldValue',
      label: t('events.columns.oldValue'),
      width: 160,
      value: (e) => readableValue(e.oldValue, t),
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'newValue',
      label: t('events.columns.newValue'),
      width: 160,
      value: (e) => readableValue(e.newValue, t),
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'text',
      label: t('events.columns.text'),
      minWidth: 140,
      value: (e) => e.text,
      render: (e) => <span title={e.text ?? undefined}>{e.text}</span>,
      sortable: true,
    },
  ];
}
