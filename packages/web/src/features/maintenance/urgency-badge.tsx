import { maintenanceUrgency } from '@leitwarte/core';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Overdue (red) or due soon (yellow); nothing while the target is still far. */
export function UrgencyBadge({ target, remaining }: { target: number; remaining: number }) {
  const { t } = useTranslation();
  const urgency = maintenanceUrgency(target, remaining);
  if (urgency === 'ok') return null;
  return (
    <Badge
      color={urgency === 'overdue' ? 'red' : 'yellow'}
      variant="light"
      data-urgency={urgency}
      // The whole word: a badge in a narrow table cell would otherwise end in an ellipsis.
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(urgency === 'overdue' ? 'maintenance.urgency.overdue' : 'maintenance.urgency.dueSoon')}
    </Badge>
  );
}
