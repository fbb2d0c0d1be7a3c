import { pvKey, type Alert } from '@leitwarte/core';
import type { DataListColumn } from '../../ui/data-list';
import type { AlertColumnContext } from './alert-columns';

/** Height of an alert laid out as a card on a phone (four lines). */
export const ALERT_CARD_HEIGHT = 108;

interface CardContext extends AlertColumnContext {
  /** Acknowledges one alert; null when the user may not acknowledge. */
  onAcknowledge: ((alert: Alert) => void) | null;
  busy: boolean;
}

/**
 * The alert list on a phone: one column whose cells are cards with what an on-call operator
 * needs first (time, state, station and PV, the message, who acknowledged or a button to do it).
 */
export function alertCardColumn({
  t,
  formatTime,
  stationNames,
  pvLabels,
  onAcknowledge,
  busy,
}: CardContext): DataListColumn<Alert> {
  const states: Record<Alert['state'], string> = {
    coming: t('alerts.state.coming'),
    going: t('alerts.state.going'),
    acknowledged: t('alerts.state.acknowledged'),
  };
  const ackText = t('alerts.ack.one');
  const station = (a: Alert) =>
    a.station === null ? '' : (stationNames.get(a.station) ?? String(a.station));
  const pv = (a: Alert) => (a.pv ? (pvLabels.get(pvKey(a.pv))?.name ?? pvKey(a.pv)) : '');
  return {
    // The time column's id: a sort by time carries over between the table and the cards.
    id: 'comingAt',
    label: t('alerts.columns.card'),
    minWidth: 200,
    value: (a) => a.comingAt,
    exportValue: (a) => formatTime(a.comingAt),
    sortable: true,
    render: (a) => (
      <div className="alert-card" data-testid="alert-card">
        <div className="alert-card__line">
          <span className="alert-card__time">{formatTime(a.comingAt)}</span>
          <span
            className={`alert-state alert-state--${a.state}${a.pending ? ' alert-state--pending' : ''}`}
            data-alert-state={a.state}
          >
            {states[a.state]}
          </span>
        </div>
        <div className="alert-card__where">{[station(a), pv(a)].filter(Boolean).join(' · ')}</div>
        <div className="alert-card__message">{a.message}</div>
        <div className="alert-card__line">
          {a.acknowledgedAt !== null ? (
            <span className="alert-card__ack">
              {t('alerts.card.acknowledged', {
                by: a.acknowledgedBy ?? '',
                at: formatTime(a.acknowledgedAt),
              })}
            </span>
          ) : onAcknowledge ? (
            <button
              type="button"
              className="alert-card__ack-button"
              disabled={busy}
              onClick={(event) => {
                // The card's row would take the click as a selection too.
                event.stopPropagation();
                onAcknowledge(a);
              }}
            >
              {ackText}
            </button>
          ) : (
            <span className="alert-card__ack">{t('alerts.state.pending')}</span>
          )}
        </div>
      </div>
    ),
  };
}
