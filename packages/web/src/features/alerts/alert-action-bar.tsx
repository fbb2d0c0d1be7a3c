import type { Alert } from '@leitwarte/core';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AlertActions } from './use-alert-actions';

/**
 * Acknowledge selected, acknowledge all and delete. Without the right to acknowledge the buttons
 * stay visible but disabled, with the catalogue's reason (screens §6); delete shows only where
 * the user holds deleteAlerts.
 */
export function AlertActionBar({ actions, selected }: { actions: AlertActions; selected: readonly Alert[] }) {
  const { t } = useTranslation();
  const pendingSelected = selected.filter((a) => a.acknowledgedAt === null);
  const disabled = actions.busy || !actions.mayAcknowledge;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="sm"
        disabled={disabled || pendingSelected.length === 0}
        onClick={() => actions.acknowledge(pendingSelected)}
      >
        {t('alerts.ack.selected', { count: pendingSelected.length })}
      </Button>
      <Button size="sm" variant="light" disabled={disabled} onClick={actions.acknowledgeAll}>
        {t('alerts.ack.all')}
      </Button>
      {actions.mayDelete ? (
        <Button
          size="sm"
          variant="light"
          color="red"
          disabled={actions.busy || selected.length === 0}
          onClick={() => actions.remove(selected)}
        >
          {t('alerts.delete.action', { count: selected.length })}
        </Button>
      ) : null}
      {actions.rightsKnown && !actions.mayAcknowledge ? (
        <Text size="sm" c="dimmed" data-testid="no-ack-rights">
          {t('alerts.ack.noRights')}
        </Text>
      ) : null}
      {actions.outcome ? (
        <Text size="sm" role="status">
          {actions.outcome}
        </Text>
      ) : null}
    </Group>
  );
}
