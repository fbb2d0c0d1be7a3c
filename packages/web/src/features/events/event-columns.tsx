import type { ControlEvent, FieldValue } from '@leitwarte/core';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataListColumn, FilterField } from '../../ui/data-list';
import { cachedEventKindText } from './event-kind';

/** How the filter reads an event's fields (time in ms, texts as stored). */
export function eventFieldReaders(t: TFunction): Record<string, (event: ControlEvent) => FieldValue> {
  const kindText = cachedEventKindText(t);
  return {
    at: (e) => e.at,
    origin: (e) => e.origin,
    kind: kindText,
    username: (e) => e.username,
    station: (e) => e.station,
    object: (e) => e.object,
    oldValue: (e) => e.oldValue,
    newValue: (e) => e.newValue,
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
): DataListColumn<ControlEvent>[] {
  const origins = { audit: t('events.origin.audit'), system: t('events.origin.system') };
  const origin = (e: ControlEvent) => origins[e.origin];
  const kindText = cachedEventKindText(t);
  return [
    {
      id: 'at',
      label: t('events.columns.time'),
      width: 170,
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
      minWidth: 200,
      value: kindText,
      sortable: true,
    },
    {
      id: 'username',
      label: t('events.columns.username'),
      width: 140,
      value: (e) => e.username,
      sortable: true,
    },
    { id: 'station', label: t('events.columns.station'), width: 90, value: (e) => e.station, sortable: true },
    {
      id: 'object',
      label: t('events.columns.object'),
      minWidth: 180,
      value: (e) => e.object,
      sortable: true,
    },
    {
      id: 'oldValue',
      label: t('events.columns.oldValue'),
      width: 140,
      value: (e) => e.oldValue,
      sortable: true,
    },
    {
      id: 'newValue',
      label: t('events.columns.newValue'),
      width: 140,
      value: (e) => e.newValue,
      sortable: true,
    },
    { id: 'text', label: t('events.columns.text'), minWidth: 200, value: (e) => e.text, sortable: true },
  ];
}
