import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyView } from '../../ui/status-views';

/** An address that names no chart: say so and lead back to the directory. */
export function ChartNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyView
      message={t('charts.screen.notFound')}
      action={
        <Anchor component={Link} to="/charts">
          {t('charts.directory.title')}
        </Anchor>
      }
    />
  );
}
