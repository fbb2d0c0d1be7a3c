import type { TFunction } from 'i18next';
import type { FilterField } from '../../ui/data-list';

/** The fields of the alert filter (ids as ALERT_FIELD_READERS reads them). */
export function alertFilterFields(t: TFunction): FilterField[] {
  return [
    { id: 'comingAt', label: t('alerts.columns.time'), type: 'date' },
    { id: 'station', label: t('alerts.columns.station'), type: 'number' },
    { id: 'pv', label: t('alerts.columns.pv'), type: 'text' },
    { id: 'message', label: t('alerts.columns.message'), type: 'text' },
    { id: 'description', label: t('alerts.columns.description'), type: 'text' },
    { id: 'priority', label: t('alerts.columns.priority'), type: 'number' },
    {
      id: 'state',
      label: t('alerts.columns.state'),
      type: 'choice',
      choices: (['coming', 'going', 'acknowledged'] as const).map((state) => ({
        value: state,
        label: t(`alerts.state.${state}`),
      })),
    },
    { id: 'acknowledgedBy', label: t('alerts.columns.acknowledgedBy'), type: 'text' },
    { id: 'acknowledgedAt', label: t('alerts.columns.acknowledgedAt'), type: 'date' },
  ];
}
