import { Text } from '@mantine/core';
import type { DashboardWidget } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';

/** A widget kind this client version does not draw yet: says so instead of leaving a hole. */
export function UnavailableWidget({ widget }: { widget: DashboardWidget }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="widget-unavailable">
      {t('dashboard.widget.unavailable', { kind: t(`dashboard.kinds.${widget.kind}`) })}
    </Text>
  );
}
