import { argbToCss, pvKey, type Alert, type FieldValue, type Priority } from '@leitwarte/core';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import type { DataListColumn } from '../../ui/data-list';
import type { PvLabel } from '../../lib/use-pv-labels';

/** What the columns need besides the alert: texts, time format, priorities and station names. */
export interface AlertColumnContext {
  t: TFunction;
  formatTime: (ms: number) => string;
  priorities: ReadonlyMap<number, Priority>;
  stationNames: ReadonlyMap<number, string>;
  /** Plant names and EKS numbers by PV key; a PV missing here is shown by its key. */
  pvLabels: ReadonlyMap<string, PvLabel>;
}

const pvText = (alert: Alert) => (alert.pv ? pvKey(alert.pv) : '');

/** Width of a time column: "26.11.2026, 16:01:23" whole in the list's font. */
const TIME_WIDTH = 158;

/** The fields the filter offers and how each reads an alert (the same readers for every row). */
export const ALERT_FIELD_READERS: Readonly<Record<string, (alert: Alert) => FieldValue>> = {
  comingAt: (a) => a.comingAt,
  station: (a) => a.station,
  pv: (a) => (a.pv ? pvText(a) : null),
  message: (a) => a.message,
  description: (a) => a.description,
  priority: (a) => a.priority,
  state: (a) => a.state,
  acknowledgedBy: (a) => a.acknowledgedBy,
  acknowledgedAt: (a) => a.acknowledgedAt,
};

/** The columns of the alert list, in the order an operator reads an alert. */
export function alertColumns({
  t,
  formatTime,
  priorities,
  stationNames,
  pvLabels,
}: AlertColumnContext): DataListColumn<Alert>[] {
  const time = (ms: number | null) => (ms === null ? '' : formatTime(ms));
  const station = (a: Alert) =>
    a.station === null ? '' : (stationNames.get(a.station) ?? String(a.station));
  const pvLabel = (a: Alert) => (a.pv ? pvLabels.get(pvKey(a.pv)) : undefined);
  // Name first (what the operator reads), EKS after it (what the plant's drawings use).
  const pvName = (a: Alert) => {
    const label = pvLabel(a);
    return label ? `${label.name} ${label.eks}` : pvText(a);
  };
  const priorityName = (a: Alert) => priorities.get(a.priority)?.name ?? String(a.priority);
  // Texts looked up once: sorting or filtering 100,000 rows must not translate 100,000 times.
  const states: Record<Alert['state'], string> = {
    coming: t('alerts.state.coming'),
    going: t('alerts.state.going'),
    acknowledged: t('alerts.state.acknowledged'),
  };
  const pendingText = t('alerts.state.pending');
  const origins = {
    field: t('alerts.ackOrigin.field'),
    priorityOutput: t('alerts.ackOrigin.priorityOutput'),
  };
  const by = (a: Alert) =>
    a.acknowledgedBy ?? (a.ackOrigin && a.ackOrigin !== 'user' ? origins[a.ackOrigin] : '');
  return [
    {
      id: 'comingAt',
      label: t('alerts.columns.time'),
      width: TIME_WIDTH,
      value: (a) => a.comingAt,
      render: (a) => time(a.comingAt),
      exportValue: (a) => time(a.comingAt),
      sortable: true,
    },
    { id: 'station', label: t('alerts.columns.station'), width: 124, value: station, sortable: true },
    {
      id: 'pv',
      label: t('alerts.columns.pv'),
      minWidth: 156,
      value: pvName,
      render: (a) => {
        const label = pvLabel(a);
        if (!label) return pvText(a);
        return (
          <span title={`${label.name} (${label.eks}, ${pvText(a)})`}>
            {label.name} <span className="alert-pv-eks">{label.eks}</span>
          </span>
        );
      },
      sortable: true,
    },
    {
      id: 'message',
      label: t('alerts.columns.message'),
      minWidth: 170,
      value: (a) => a.message,
      sortable: true,
    },
    {
      id: 'description',
      label: t('alerts.columns.description'),
      minWidth: 200,
      value: (a) => a.description,
      // Mostly the station and the message again: chosen when wanted, so 1440 px show the state.
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'priority',
      label: t('alerts.columns.priority'),
      width: 104,
      value: (a) => a.priority,
      exportValue: (a) => `${a.priority} ${priorityName(a)}`,
      render: (a) => {
        const colour = priorities.get(a.priority)?.color;
        // One element and one text: a fast scroll renders a few dozen of these cells a frame; the
        // swatch is drawn by the element's ::before in the colour given here.
        return (
          <span
            className="alert-priority"
            style={
              {
                '--alert-priority-colour': colour === undefined ? 'transparent' : argbToCss(colour),
              } as CSSProperties
            }
          >
            {`${a.priority} ${priorityName(a)}`}
          </span>
        );
      },
      sortable: true,
    },
    {
      id: 'state',
      label: t('alerts.columns.state'),
      width: 96,
      value: (a) => states[a.state],
      render: (a) => (
        <span
          className={`alert-state alert-state--${a.state}${a.pending ? ' alert-state--pending' : ''}`}
          data-alert-state={a.state}
        >
          {states[a.state]}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'pending',
      label: t('alerts.columns.pending'),
      width: 110,
      value: (a) => (a.pending ? pendingText : ''),
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'goingAt',
      label: t('alerts.columns.goingAt'),
      width: TIME_WIDTH,
      value: (a) => a.goingAt,
      render: (a) => time(a.goingAt),
      exportValue: (a) => time(a.goingAt),
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'acknowledgedBy',
      label: t('alerts.columns.acknowledgedBy'),
      width: 136,
      value: by,
      sortable: true,
    },
    {
      id: 'acknowledgedAt',
      label: t('alerts.columns.acknowledgedAt'),
      width: TIME_WIDTH,
      value: (a) => a.acknowledgedAt,
      render: (a) => time(a.acknowledgedAt),
      exportValue: (a) => time(a.acknowledgedAt),
      sortable: true,
    },
    {
      id: 'value',
      label: t('alerts.columns.value'),
      width: 100,
      align: 'right',
      value: (a) => a.value,
      hiddenByDefault: true,
      sortable: true,
    },
    {
      id: 'limit',
      label: t('alerts.columns.limit'),
      width: 100,
      align: 'right',
      value: (a) => a.limit,
      hiddenByDefault: true,
      sortable: true,
    },
  ];
}
