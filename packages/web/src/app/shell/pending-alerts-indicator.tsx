import { Badge, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenAlertCount } from './use-open-alert-count';

/** Open unacknowledged alerts in the header, live; a click leads to the alert list. */
export function PendingAlertsIndicator() {
  const { t } = useTranslation();
  const count = useOpenAlertCount();
  const label = count === null ? t('shell.pendingAlerts.unknown') : t('shell.pendingAlerts.label', { count });
  return (
    <UnstyledButton
      component={Link}
      to="/alerts"
      aria-label={label}
      title={label}
      data-testid="pending-alerts"
      data-count={count ?? ''}
      // The number is the point of the badge: the connection text gives way first on a phone.
      style={{ flexShrink: 0 }}
    >
      <Badge
        size="lg"
        variant={count ? 'filled' : 'light'}
        color={count === null ? 'gray' : count > 0 ? 'red' : 'green'}
        style={{ cursor: 'pointer' }}
      >
        {count ?? '–'}
      </Badge>
    </UnstyledButton>
  );
}
