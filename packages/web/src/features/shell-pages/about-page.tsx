import { Paper, Stack, Table, Title } from '@mantine/core';
import type { PlantInfoReply } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plantInfoQuery } from '../../api/plant-info';
import { ErrorView, LoadingView } from '../../ui/status-views';

const ROWS = [
  ['id', 'shell.about.plantId'],
  ['name', 'shell.about.name'],
  ['operator', 'shell.about.operator'],
  ['client', 'shell.about.client'],
  ['provider', 'shell.about.provider'],
  ['company', 'shell.about.company'],
  ['publicAuthority', 'shell.about.publicAuthority'],
  ['timeZone', 'shell.about.timeZone'],
  ['productVersion', 'shell.about.productVersion'],
] as const satisfies readonly (readonly [keyof PlantInfoReply, string])[];

/** About this plant (screens §2): its ID and names, and the version of the product. */
export function AboutPage() {
  const { t } = useTranslation();
  const info = useQuery(plantInfoQuery);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('shell.about.title')}
      </Title>
      {info.data ? (
        <Paper withBorder>
          <Table variant="vertical" layout="fixed" data-testid="plant-info">
            <Table.Tbody>
              {ROWS.map(([field, labelKey]) => (
                <Table.Tr key={field} data-field={field}>
                  <Table.Th w={220}>{t(labelKey)}</Table.Th>
                  <Table.Td>{info.data[field]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : info.error ? (
        <ErrorView
          title={t('shell.about.loadError')}
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      ) : (
        <LoadingView />
      )}
    </Stack>
  );
}
