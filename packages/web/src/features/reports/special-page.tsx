import { pvKey, type SebamConfig } from '@leitwarte/core';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSebamConfigs } from '../../api/protocols';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { ReportPage } from './report-page';

function SebamCard({ config }: { config: SebamConfig }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" data-sebam={config.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{config.name}</Text>
          <Text size="xs" c="dimmed">
            {t('reports.special.station', { station: config.stationNr })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {config.description}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {config.bindings.map((b) => (
              <Table.Tr key={`${b.role}-${pvKey(b.pvRef)}`}>
                <Table.Td>
                  {/* The day's curve of the value: what the self-monitoring looks at first. */}
                  <Anchor
                    component={Link}
                    to={`/charts/archive-trendline?pv=${pvKey(b.pvRef)}&amount=1&unit=Days`}
                    size="sm"
                  >
                    {b.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {pvKey(b.pvRef)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** The plant's SEBAM configs: the monitoring of its wastewater pumping stations (GET /api/Sebam/configs). */
function SebamList() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['sebam', 'configs'],
    queryFn: ({ signal }) => getSebamConfigs(signal),
  });
  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = (
      <ErrorView
        title={t('errors.reportNotLoaded')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0) content = <EmptyView message={t('reports.special.noSebam')} />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {query.data.map((c) => (
          <SebamCard key={c.id} config={c} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="sm" className="report-no-print">
      <Title order={2} size="h3">
        {t('reports.special.sebam')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('reports.special.sebamHint')}
      </Text>
      {content}
    </Stack>
  );
}

/**
 * Special reports (screens §2): the plant's special report configs, each a day in quarter hours
 * (e.g. the inflow of a treatment plant during rain), and the SEBAM pumping-station monitoring.
 */
export function SpecialPage() {
  return (
    <Stack gap="xl">
      <ReportPage kind="special" />
      <SebamList />
    </Stack>
  );
}
