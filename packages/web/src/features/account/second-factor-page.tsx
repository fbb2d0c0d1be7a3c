import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecondFactorCard } from './second-factor-card';

/** Page of its own for the second factor, reachable from the account. */
export function SecondFactorPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('secondFactor.page.title')}
      </Title>
      <SecondFactorCard />
    </Stack>
  );
}
